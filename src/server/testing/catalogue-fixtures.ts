import type { Kysely } from 'kysely';
import { isoMinus, nowIso } from '../clock';
import type { DB } from '../db/schema';
import { albumRow, appUserRow, artistRow, songRow } from '../modules/catalogue-rows';
import { albumCredits, refreshAlbumSearch } from '../modules/catalogue-search';

/**
 * Rows written straight into the database for catalogue tests, built like the demo seed's
 * (modules/catalogue-rows.ts), with their search text as the API writes it.
 */
export function catalogueFixtures(db: Kysely<DB>) {
  let users = 0;
  return {
    async artist(name: string, country: string | null = null): Promise<number> {
      const now = nowIso();
      const row = await db
        .insertInto('artists')
        .values(artistRow({ name, country, verified: false, createdAt: now }))
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async album(
      title: string,
      credit: { primary: number } | { collaborators: number[] },
      extra: { genreId?: number; releaseDate?: string } = {},
    ): Promise<number> {
      const now = nowIso();
      const row = await db
        .insertInto('albums')
        .values(
          // Credits are written next; refreshAlbumSearch then stores the search text with their names.
          albumRow(
            {
              title,
              albumType: 'primary' in credit ? 'single' : 'collaboration',
              primaryArtistId: 'primary' in credit ? credit.primary : null,
              genreId: extra.genreId ?? null,
              releaseDate: extra.releaseDate ?? null,
              createdAt: now,
            },
            [],
          ),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      if ('collaborators' in credit && credit.collaborators.length > 0) {
        await db
          .insertInto('albumArtists')
          .values(credit.collaborators.map((artistId, position) => ({ albumId: row.id, artistId, position })))
          .execute();
      }
      await refreshAlbumSearch(db, [row.id]);
      return row.id;
    },

    async song(
      albumId: number,
      title: string,
      extra: Partial<{
        totalStreams: number;
        likesCount: number;
        downloadsCount: number;
        language: string | null;
        status: string;
        genreId: number | null;
        createdAt: string;
        audioFileUrl: string | null;
      }> = {},
    ): Promise<number> {
      const credit = (await albumCredits(db, [albumId])).get(albumId);
      if (!credit) throw new Error(`no album ${albumId}`);
      const createdAt = extra.createdAt ?? nowIso();
      const row = await db
        .insertInto('songs')
        .values(
          songRow({ title, albumId, language: 'Balochi', status: 'published', ...extra, createdAt }, credit),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async user(name = 'listener'): Promise<number> {
      users += 1;
      const now = nowIso();
      const username = `${name}${users}`;
      const row = await db
        .insertInto('appUsers')
        .values(
          appUserRow({
            username,
            email: `${username}@example.test`,
            signupMethod: 'email',
            isPremium: false,
            isActive: true,
            createdAt: now,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** A stream event `daysAgo` days back; userId null for an anonymous listener. */
    async stream(songId: number, userId: number | null, daysAgo = 1): Promise<void> {
      await db
        .insertInto('streamEvents')
        .values({ songId, userId, createdAt: isoMinus(daysAgo * 24 * 3600 * 1000) })
        .execute();
    },

    async follow(userId: number, artistId: number): Promise<void> {
      await db.insertInto('artistFollows').values({ userId, artistId, createdAt: nowIso() }).execute();
    },

    async like(userId: number, songId: number): Promise<void> {
      await db.insertInto('songLikes').values({ userId, songId, createdAt: nowIso() }).execute();
    },
  };
}
