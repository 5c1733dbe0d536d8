import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type {
  Playlist,
  PlaylistCounts,
  PlaylistListParams,
  PlaylistUpdate,
} from '../../../contract/playlists';
import type { Song } from '../../../contract/songs';
import { userDisplayName } from '../../../contract/users';
import { filterKey, listCache } from '../../db/count-cache';
import type { Dialect } from '../../db/database';
import { anchorAt, countRows, listPage } from '../../db/list-page';
import { bool, num } from '../../db/mappers';
import { type Anchor, keysetOrder } from '../../db/page-anchors';
import { rowWrites } from '../../db/row-writes';
import type { DB } from '../../db/schema';
import { searchCondition } from '../../db/search';
import { songRows, withCredits } from '../songs/details';

const TABLE = 'playlists';

type PlaylistEb = ExpressionBuilder<DB & { p: DB['playlists'] }, 'p'>;

const songCount = (eb: PlaylistEb) =>
  eb
    .selectFrom('playlistSongs as ps')
    .select(eb.fn.countAll<number>().as('n'))
    .whereRef('ps.playlistId', '=', 'p.id');

const totalDuration = (eb: PlaylistEb) =>
  eb
    .selectFrom('playlistSongs as ps')
    .innerJoin('songs as s', 's.id', 'ps.songId')
    .select((e) => e.fn.coalesce(e.fn.sum<number>('s.duration'), e.lit(0)).as('d'))
    .whereRef('ps.playlistId', '=', 'p.id');

/** The condition of each tab: Public means public and not hidden. */
const FILTERS: Record<PlaylistListParams['filter'], ((eb: PlaylistEb) => Expression<SqlBool>) | null> = {
  all: null,
  featured: (eb) => eb('p.isFeatured', '=', true),
  public: (eb) => eb.and([eb('p.isPublic', '=', true), eb('p.isHidden', '=', false)]),
  hidden: (eb) => eb('p.isHidden', '=', true),
};

export function playlistsRepo(db: Kysely<DB>, dialect: Dialect) {
  const cache = listCache(db);
  const writes = rowWrites(db, 'playlists');
  const searched = (q: string | undefined) => {
    const search = searchCondition(dialect, 'playlists', 'p', q);
    const base = db.selectFrom('playlists as p');
    return search ? base.where(search) : base;
  };

  const filtered = (query: Pick<PlaylistListParams, 'q' | 'filter'>) => {
    const condition = FILTERS[query.filter];
    const base = searched(query.q);
    return condition ? base.where(condition) : base;
  };

  const details = () =>
    db
      .selectFrom('playlists as p')
      .leftJoin('appUsers as u', 'u.id', 'p.userId')
      .select([
        'p.id',
        'p.name',
        'p.description',
        'p.userId',
        'p.isPublic',
        'p.isFeatured',
        'p.isHidden',
        'p.createdAt',
        'u.firstName',
        'u.lastName',
        'u.username',
      ])
      .select((eb) => [songCount(eb).as('songCount'), totalDuration(eb).as('totalDuration')]);
  type Row = Awaited<ReturnType<ReturnType<typeof details>['executeTakeFirstOrThrow']>>;

  const toPlaylist = (r: Row): Playlist => ({
    id: r.id,
    name: r.name,
    description: r.description,
    userId: r.userId,
    createdBy: r.username === null ? null : userDisplayName({ ...r, username: r.username }),
    songCount: num(r.songCount),
    totalDuration: num(r.totalDuration),
    isPublic: bool(r.isPublic),
    isFeatured: bool(r.isFeatured),
    isHidden: bool(r.isHidden),
    createdAt: r.createdAt,
  });

  return {
    async list(query: PlaylistListParams) {
      const filter = { q: query.q, filter: query.filter };
      const dir = query.sort === 'oldest' ? 'asc' : 'desc';
      const byDate = query.sort === 'newest' || query.sort === 'oldest';
      /** The filtered playlists in the list's order, after `after` when given (date sorts only). */
      const ordered = (after: Anchor | null) => {
        const base = filtered(query);
        if (query.sort === 'name') return base.orderBy('p.name').orderBy('p.id');
        if (query.sort === 'songs')
          return base.orderBy((eb) => songCount(eb), 'desc').orderBy('p.id', 'desc');
        return keysetOrder(base, 'p.createdAt', 'p.id', dir, after);
      };
      // Song counts and creators are computed for the page's rows only.
      const { rows, total } = await listPage({
        cache,
        table: TABLE,
        filter,
        sort: query.sort,
        offset: query.offset,
        anchor: byDate
          ? (after, skip) => anchorAt(ordered(after).select(['p.createdAt as value', 'p.id']), skip)
          : undefined,
        rows: (after, offset) =>
          details()
            .where('p.id', 'in', ordered(after).select('p.id').limit(query.limit).offset(offset))
            .$call((qb) =>
              query.sort === 'name'
                ? qb.orderBy('p.name').orderBy('p.id')
                : query.sort === 'songs'
                  ? qb.orderBy('songCount', 'desc').orderBy('p.id', 'desc')
                  : qb.orderBy('p.createdAt', dir).orderBy('p.id', dir),
            )
            .execute(),
        count: () => countRows(db, filtered(query)),
      });
      return { rows: rows.map(toPlaylist), total };
    },

    /** The four tab counters, the search applied to each. */
    counts(q: string | undefined): Promise<PlaylistCounts> {
      return cache.memo(TABLE, `counters:${filterKey({ q })}`, async () => {
        const flag = (eb: PlaylistEb, condition: Expression<SqlBool>) =>
          eb.fn.sum<number>(eb.case().when(condition).then(1).else(0).end());
        const row = await searched(q)
          .select((eb) => [
            eb.fn.countAll<number>().as('all'),
            flag(eb, FILTERS.featured?.(eb) ?? eb.lit(false)).as('featured'),
            flag(eb, FILTERS.public?.(eb) ?? eb.lit(false)).as('public'),
            flag(eb, FILTERS.hidden?.(eb) ?? eb.lit(false)).as('hidden'),
          ])
          .executeTakeFirstOrThrow();
        return {
          all: num(row.all),
          featured: num(row.featured),
          public: num(row.public),
          hidden: num(row.hidden),
        };
      });
    },

    async get(id: number): Promise<Playlist | undefined> {
      const row = await details().where('p.id', '=', id).executeTakeFirst();
      return row && toPlaylist(row);
    },

    /** A page of the playlist's songs in playlist order, with how many it holds. */
    async songs(
      id: number,
      page: { limit: number; offset: number },
    ): Promise<{ rows: Song[]; total: number }> {
      const [rows, count] = await Promise.all([
        songRows(db)
          .innerJoin('playlistSongs as ps', 'ps.songId', 's.id')
          .where('ps.playlistId', '=', id)
          .orderBy('ps.position')
          .orderBy('s.id')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        db
          .selectFrom('playlistSongs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('playlistId', '=', id)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: await withCredits(db, rows), total: num(count.n) };
    },

    update: (id: number, change: PlaylistUpdate): Promise<boolean> => writes.update(id, change),

    /** Its playlist_songs rows go with it (foreign key ON DELETE CASCADE, same statement). */
    delete: writes.delete,
  };
}
