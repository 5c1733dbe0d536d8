import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/**
 * Every file the server stored: its URL (which names the store: `/media/…` on local disk, an absolute
 * bucket URL on S3), the SHA-256 and size measured while it streamed in, and the audio duration.
 * A song's audio URL must be one of these rows; the row is removed with the file.
 */
export function mediaFilesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('media_files')
        .addColumn('url', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('audio', 'image')`))
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('size', dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('duration', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // Finding whether a file is still a song's audio before removing it.
      await db.schema.createIndex('songs_audio_file_url_idx').on('songs').column('audio_file_url').execute();
    },
  };
}
