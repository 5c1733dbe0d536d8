import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/**
 * Indexes for the catalogue lists' sorts and filter+sort combinations (artists by name, albums by title
 * and release, songs filtered by status, language or genre and sorted newest/oldest), each ending in id
 * so that keyset seeks and the (column, id) tie-break are served by the index alone; per-album song
 * counts and stream totals come from an index too.
 */
export function catalogueIndexesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('artists_name_idx').on('artists').columns(['name', 'id']).execute();
      await db.schema.createIndex('albums_title_idx').on('albums').columns(['title', 'id']).execute();
      if (dialect === 'postgres') {
        // Newest release first with undated albums last, as SQLite orders NULLs in a descending sort.
        await sql`create index albums_release_desc_idx on albums (release_date desc nulls last, id desc)`.execute(
          db,
        );
      }
      for (const [old, name, column] of [
        ['songs_status_idx', 'songs_status_created_idx', 'status'],
        ['songs_language_idx', 'songs_language_created_idx', 'language'],
        ['songs_genre_idx', 'songs_genre_created_idx', 'genre_id'],
      ] as const) {
        await db.schema.createIndex(name).on('songs').columns([column, 'created_at', 'id']).execute();
        await db.schema.dropIndex(old).execute();
      }
      // Track counts and stream totals per album (album and artist lists) from the index alone.
      await db.schema
        .createIndex('songs_album_streams_idx')
        .on('songs')
        .columns(['album_id', 'total_streams', 'id'])
        .execute();
      await db.schema.dropIndex('songs_album_idx').execute();
    },
  };
}
