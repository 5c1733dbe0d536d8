import type { Kysely } from 'kysely';
import { nowIso } from '../clock';
import type { DB } from '../db/schema';
import { albumRow, appUserRow, artistRow, songRow } from '../modules/catalogue-rows';
import { playlistSearchText } from '../modules/search-text';

/**
 * Direct row inserts for tests: the shapes the mobile app and the seed create, with valid search text.
 * Like any writer outside the repos, they drop the cached list totals of the tables they touch.
 */
export function testRows(db: Kysely<DB>) {
  let n = 0;
  const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

  return {
    async user({
      id: fixedId,
      ...fields
    }: Partial<{
      /** An id of one's own, e.g. out of the range a fuzz test picks ids from. */
      id: number;
      firstName: string | null;
      lastName: string | null;
      username: string;
      email: string;
      signupMethod: string;
      isPremium: boolean;
      isActive: boolean;
      createdAt: string;
    }> = {}): Promise<number> {
      const tag = unique();
      const row = {
        firstName: null,
        lastName: null,
        username: `user_${tag}`,
        email: `user_${tag}@example.com`,
        signupMethod: 'email',
        isPremium: false,
        isActive: true,
        createdAt: nowIso(),
        ...fields,
      };
      const { id } = await db
        .insertInto('appUsers')
        .values(fixedId === undefined ? appUserRow(row) : { ...appUserRow(row), id: fixedId })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async artist(name = `Artist ${unique()}`, createdAt = nowIso()): Promise<number> {
      const { id } = await db
        .insertInto('artists')
        .values(artistRow({ name, verified: false, createdAt }))
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async album(artistId: number, title = `Album ${unique()}`, createdAt = nowIso()): Promise<number> {
      const { id } = await db
        .insertInto('albums')
        // Credits left out of the search text: these rows are not searched by their artist.
        .values(albumRow({ title, albumType: 'single', primaryArtistId: artistId, createdAt }, []))
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async song(
      albumId: number,
      fields: Partial<{
        title: string;
        status: string;
        duration: number;
        totalStreams: number;
        likesCount: number;
        downloadsCount: number;
        createdAt: string;
      }> = {},
    ): Promise<number> {
      const row = { title: `Song ${unique()}`, status: 'published', createdAt: nowIso(), ...fields };
      const { id } = await db
        .insertInto('songs')
        .values(songRow({ ...row, albumId }, { title: '', names: [] }))
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async playlist(
      fields: Partial<{
        name: string;
        description: string | null;
        userId: number | null;
        isPublic: boolean;
        isFeatured: boolean;
        isHidden: boolean;
        createdAt: string;
      }> = {},
      songIds: number[] = [],
    ): Promise<number> {
      const row = {
        name: `Playlist ${unique()}`,
        description: null,
        userId: null,
        isPublic: true,
        isFeatured: false,
        isHidden: false,
        createdAt: nowIso(),
        ...fields,
      };
      const owner = row.userId
        ? await db
            .selectFrom('appUsers')
            .select(['firstName', 'lastName', 'username'])
            .where('id', '=', row.userId)
            .executeTakeFirst()
        : null;
      const { id } = await db
        .insertInto('playlists')
        .values({ ...row, searchText: playlistSearchText(row, owner), updatedAt: row.createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (songIds.length > 0) {
        await db
          .insertInto('playlistSongs')
          .values(
            songIds.map((songId, position) => ({ playlistId: id, songId, position, addedAt: nowIso() })),
          )
          .execute();
      }
      return id;
    },

    /** A like as the mobile app records it: the row plus the song's likes_count. */
    async like(userId: number, songId: number): Promise<void> {
      await db.insertInto('songLikes').values({ userId, songId, createdAt: nowIso() }).execute();
      await db
        .updateTable('songs')
        .set((eb) => ({ likesCount: eb('likesCount', '+', 1) }))
        .where('id', '=', songId)
        .execute();
    },

    async stream(songId: number, userId: number | null = null, createdAt = nowIso()): Promise<void> {
      await db.insertInto('streamEvents').values({ songId, userId, createdAt }).execute();
    },
  };
}
export type TestRows = ReturnType<typeof testRows>;
