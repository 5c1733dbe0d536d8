import { type Kysely, type Selectable, sql } from 'kysely';
import {
  type AppUser,
  normaliseSignupMethod,
  SIGNUP_METHODS,
  type UserListParams,
  type UserUpdate,
} from '../../../contract/users';
import { auditedWrite } from '../../audit/record';
import { nowIso } from '../../clock';
import { listCache } from '../../db/count-cache';
import type { Dialect } from '../../db/database';
import { anchorAt, countRows, listPage } from '../../db/list-page';
import { bool } from '../../db/mappers';
import { type Anchor, keysetOrder } from '../../db/page-anchors';
import { rowWrites } from '../../db/row-writes';
import type { AppUsersTable, DB } from '../../db/schema';
import { searchCondition } from '../../db/search';
import { revokeAllTokens } from '../accounts/tokens-repo';

const TABLE = 'appUsers';

const COLUMNS = [
  'u.id',
  'u.firstName',
  'u.lastName',
  'u.username',
  'u.email',
  'u.profileImage',
  'u.signupMethod',
  'u.isPremium',
  'u.isActive',
  'u.createdAt',
] as const;
type Row = Omit<Selectable<AppUsersTable>, 'passwordHash' | 'searchText' | 'updatedAt'>;

const toUser = (r: Row): AppUser => ({
  id: r.id,
  firstName: r.firstName,
  lastName: r.lastName,
  username: r.username,
  email: r.email,
  profileImage: r.profileImage,
  signupMethod: normaliseSignupMethod(r.signupMethod),
  isPremium: bool(r.isPremium),
  isActive: bool(r.isActive),
  createdAt: r.createdAt,
});

/** Stored methods other than these read as email, so the email filter takes them too. */
const NON_EMAIL_METHODS = SIGNUP_METHODS.filter((m) => m !== 'email');

/** The display name in SQL of `app_users as u`: first plus last name when present, else the username (as userDisplayName). */
export const displayNameSql = sql<string>`coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username)`;

export function usersRepo(db: Kysely<DB>, dialect: Dialect) {
  const cache = listCache(db);
  const writes = rowWrites(db, 'appUsers');
  const filtered = (query: Omit<UserListParams, 'limit' | 'offset' | 'sort'>) =>
    db.selectFrom('appUsers as u').where((eb) => {
      const conditions = [];
      const search = searchCondition(dialect, 'appUsers', 'u', query.q);
      if (search) conditions.push(search);
      if (query.status) conditions.push(eb('u.isActive', '=', query.status === 'active'));
      if (query.account) conditions.push(eb('u.isPremium', '=', query.account === 'pro'));
      if (query.signupMethod === 'email') conditions.push(eb('u.signupMethod', 'not in', NON_EMAIL_METHODS));
      else if (query.signupMethod) conditions.push(eb('u.signupMethod', '=', query.signupMethod));
      return eb.and(conditions);
    });

  return {
    async list(query: UserListParams) {
      const filter = {
        q: query.q,
        status: query.status,
        account: query.account,
        signupMethod: query.signupMethod,
      };
      const dir = query.sort === 'newest' ? 'desc' : 'asc';
      /** The filtered users in the list's order, after `after` when given (createdAt sorts only). */
      const ordered = (after: Anchor | null) =>
        query.sort === 'name'
          ? filtered(query).orderBy(sql`lower(${displayNameSql})`).orderBy('u.id')
          : keysetOrder(filtered(query), 'u.createdAt', 'u.id', dir, after);
      const { rows, total } = await listPage({
        cache,
        table: TABLE,
        filter,
        sort: query.sort,
        offset: query.offset,
        anchor:
          query.sort === 'name'
            ? undefined
            : (after, skip) => anchorAt(ordered(after).select(['u.createdAt as value', 'u.id']), skip),
        rows: (after, offset) => ordered(after).select(COLUMNS).limit(query.limit).offset(offset).execute(),
        count: () => countRows(db, filtered(query)),
      });
      return { rows: rows.map(toUser), total };
    },

    async get(id: number): Promise<AppUser | undefined> {
      const row = await db
        .selectFrom('appUsers as u')
        .select(COLUMNS)
        .where('u.id', '=', id)
        .executeTakeFirst();
      return row && toUser(row);
    },

    /** Suspending a user (isActive false) revokes all their tokens in the same transaction. */
    async update(id: number, change: UserUpdate): Promise<boolean> {
      if (change.isActive !== false) return writes.update(id, change);
      const updated = await db.transaction().execute(async (trx) => {
        const found = await writes.update(id, change, trx);
        if (found) await revokeAllTokens(trx, id, nowIso());
        return found;
      });
      return updated;
    },

    /**
     * One transaction: the songs the user liked lose that like from likes_count, then the user row goes.
     * Foreign keys remove their playlists (with entries), likes, follows and tokens, and keep their
     * stream and download events with user_id null.
     */
    async delete(id: number): Promise<boolean> {
      const deleted = await auditedWrite(db, 'appUsers', id, async (trx) => {
        await trx
          .updateTable('songs')
          .set((eb) => ({
            likesCount: eb
              .case()
              .when('likesCount', '>', 0)
              .then(eb('likesCount', '-', 1))
              .else(0)
              .end(),
          }))
          .where('id', 'in', (eb) => eb.selectFrom('songLikes').select('songId').where('userId', '=', id))
          .execute();
        const result = await trx.deleteFrom('appUsers').where('id', '=', id).executeTakeFirst();
        return Number(result.numDeletedRows) > 0 ? id : undefined;
      });
      // Their playlists, likes and follows went by cascade.
      return deleted !== undefined;
    },
  };
}
