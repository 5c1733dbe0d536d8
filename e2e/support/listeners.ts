import { openDatabase } from '../../src/server/db/database';
import { appUserSearchText, playlistSearchText } from '../../src/server/modules/search-text';
import type { TestServer } from './server';

export interface AppUserFixture {
  username: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  signupMethod?: string;
  isPremium?: boolean;
  isActive?: boolean;
  createdAt?: string;
}

export interface PlaylistFixture {
  name: string;
  description?: string | null;
  /** Index into the users inserted by the same call, or none. */
  owner?: number;
  isPublic?: boolean;
  isFeatured?: boolean;
  isHidden?: boolean;
  songIds?: number[];
  createdAt?: string;
}

/**
 * Inserts app users and their playlists straight into the test server's SQLite database, search text
 * included: the admin API only reads, toggles and deletes them (the mobile app creates them). Totals are
 * cached by the server for at most 2 s (db/count-cache.ts).
 */
export async function insertListeners(
  server: TestServer,
  users: AppUserFixture[],
  playlists: PlaylistFixture[] = [],
): Promise<{ userIds: number[]; playlistIds: number[] }> {
  const database = openDatabase({ dialect: 'sqlite', path: server.databaseUrl.replace(/^sqlite:/, '') });
  try {
    return await database.db.transaction().execute(async (trx) => {
      const userIds: number[] = [];
      for (const u of users) {
        const row = { firstName: null, lastName: null, ...u };
        const createdAt = u.createdAt ?? new Date().toISOString();
        const { id } = await trx
          .insertInto('appUsers')
          .values({
            firstName: row.firstName,
            lastName: row.lastName,
            username: u.username,
            email: u.email,
            profileImage: null,
            signupMethod: u.signupMethod ?? 'email',
            isPremium: u.isPremium ?? false,
            isActive: u.isActive ?? true,
            passwordHash: null,
            searchText: appUserSearchText(row),
            createdAt,
            updatedAt: createdAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        userIds.push(id);
      }
      const playlistIds: number[] = [];
      for (const p of playlists) {
        const owner = p.owner === undefined ? null : users[p.owner];
        const description = p.description ?? null;
        const createdAt = p.createdAt ?? new Date().toISOString();
        const { id } = await trx
          .insertInto('playlists')
          .values({
            name: p.name,
            description,
            userId: p.owner === undefined ? null : (userIds[p.owner] ?? null),
            isPublic: p.isPublic ?? true,
            isFeatured: p.isFeatured ?? false,
            isHidden: p.isHidden ?? false,
            searchText: playlistSearchText(
              { name: p.name, description },
              owner && {
                firstName: owner.firstName ?? null,
                lastName: owner.lastName ?? null,
                username: owner.username,
              },
            ),
            createdAt,
            updatedAt: createdAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const songIds = p.songIds ?? [];
        if (songIds.length > 0)
          await trx
            .insertInto('playlistSongs')
            .values(
              songIds.map((songId, position) => ({ playlistId: id, songId, position, addedAt: createdAt })),
            )
            .execute();
        playlistIds.push(id);
      }
      return { userIds, playlistIds };
    });
  } finally {
    await database.close();
  }
}
