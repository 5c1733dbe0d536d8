import type { Insertable } from 'kysely';
import type { AppUsersTable, ArtistFollowsTable } from '../db/schema';
import { appUserRow } from '../modules/catalogue-rows';
import { batchInsert, syncIdSequence } from './batch-insert';
import type { SeededArtist } from './catalogue';
import { between, DAY, iso, maxId, type SeedContext } from './context';
import { FAMILY_NAMES, GIVEN_NAMES } from './vocabulary';

export interface SeededUser {
  id: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  isPremium: boolean;
  /** How much this user listens, relative to others. */
  activity: number;
  createdAt: number;
}

const SIGNUP_WEIGHTS = { email: 45, google: 35, facebook: 12, apple: 8 } as const;
const EMAIL_DOMAINS = ['example.com', 'example.org', 'example.net'] as const;

/** App users: mostly Latin names, a quarter in Arabic script, a few with only a username. */
export async function seedUsers(ctx: SeedContext, count: number): Promise<SeededUser[]> {
  const base = await maxId(ctx, 'appUsers');
  const { random } = ctx;
  const users: SeededUser[] = [];
  const rows: Insertable<AppUsersTable>[] = [];
  for (let i = 0; i < count; i++) {
    const id = base + i + 1;
    const given = random.pick(GIVEN_NAMES);
    const family = random.pick(FAMILY_NAMES);
    const handle = [given[0].toLowerCase(), family[0].toLowerCase()];
    const username = random.pick([
      `${handle[0]}.${handle[1]}${id}`,
      `${handle[0]}_${id}`,
      `${handle.join('')}${id}`,
    ]);
    const named = random.chance(0.92);
    const script = random.chance(0.25) ? 1 : 0;
    const firstName = named ? given[script] : null;
    const lastName = named && random.chance(0.9) ? family[script] : null;
    const email = `${username}@${random.pick(EMAIL_DOMAINS)}`;
    const createdAt = ctx.now - Math.round(random.next() ** 0.7 * 540 * DAY) - DAY;
    const isPremium = random.chance(0.18);
    const user = { firstName, lastName, username, email };
    rows.push(
      appUserRow({
        id,
        ...user,
        profileImage: null,
        signupMethod: random.weighted(SIGNUP_WEIGHTS),
        isPremium,
        isActive: random.chance(0.95),
        passwordHash: null,
        createdAt: iso(createdAt),
      }),
    );
    users.push({ id, username, firstName, lastName, isPremium, activity: random.popularity(), createdAt });
  }
  await batchInsert(ctx.db, ctx.dialect, 'appUsers', rows);
  await syncIdSequence(ctx.db, ctx.dialect, 'appUsers');
  return users;
}

/** Followers per artist in proportion to the artist's popularity; each follower follows once. */
export async function seedFollows(
  ctx: SeedContext,
  artists: readonly SeededArtist[],
  users: readonly SeededUser[],
  meanFollowers: number,
): Promise<number> {
  const rows: Insertable<ArtistFollowsTable>[] = [];
  for (const artist of artists) {
    const followers = Math.round((artist.popularity / 0.265) * meanFollowers * (0.5 + ctx.random.next()));
    for (const u of ctx.random.distinct(users.length, followers)) {
      const user = users[u] as SeededUser;
      const since = Math.max(user.createdAt, artist.createdAt);
      rows.push({ userId: user.id, artistId: artist.id, createdAt: iso(between(ctx, since, ctx.now)) });
    }
  }
  await batchInsert(ctx.db, ctx.dialect, 'artistFollows', rows);
  return rows.length;
}
