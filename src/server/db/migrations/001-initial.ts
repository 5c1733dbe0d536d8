import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

type Table = CreateTableBuilder<string, string>;
type Col = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

/** The whole catalogue schema. Column types are chosen to mean the same thing on SQLite and PostgreSQL. */
export function initialMigration(dialect: Dialect) {
  const idColumn = (t: Table) =>
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  const bool =
    (def: boolean): Col =>
    (c) =>
      c.notNull().defaultTo(sql.raw(def ? 'true' : 'false'));
  const timestamps = (t: Table) =>
    t.addColumn('created_at', 'text', (c) => c.notNull()).addColumn('updated_at', 'text', (c) => c.notNull());
  const searchable = (t: Table) => t.addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''));
  const fk =
    (table: string, onDelete: 'cascade' | 'set null' | 'restrict'): Col =>
    (c) =>
      c.references(`${table}.id`).onDelete(onDelete);

  return {
    async up(db: Kysely<unknown>) {
      await timestamps(
        idColumn(db.schema.createTable('admins'))
          .addColumn('username', 'text', (c) => c.notNull().unique())
          .addColumn('email', 'text')
          .addColumn('password_hash', 'text', (c) => c.notNull()),
      ).execute();

      await idColumn(db.schema.createTable('admin_sessions'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('admin_id', 'integer', (c) => fk('admins', 'cascade')(c.notNull()))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text')
        .addColumn('ip', 'text')
        .execute();
      await db.schema
        .createIndex('admin_sessions_admin_idx')
        .on('admin_sessions')
        .column('admin_id')
        .execute();

      await idColumn(db.schema.createTable('login_attempts'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_attempts_key_idx')
        .on('login_attempts')
        .columns(['key', 'created_at'])
        .execute();

      await searchable(
        timestamps(
          idColumn(db.schema.createTable('genres'))
            .addColumn('name', 'text', (c) => c.notNull())
            .addColumn('description', 'text')
            .addColumn('color', 'text')
            .addColumn('is_active', 'boolean', bool(true)),
        ),
      ).execute();

      await searchable(
        timestamps(
          idColumn(db.schema.createTable('artists'))
            .addColumn('name', 'text', (c) => c.notNull())
            .addColumn('country', 'text')
            .addColumn('bio', 'text')
            .addColumn('avatar', 'text')
            .addColumn('verified', 'boolean', bool(false)),
        ),
      ).execute();
      await db.schema
        .createIndex('artists_created_idx')
        .on('artists')
        .columns(['created_at', 'id'])
        .execute();

      await searchable(
        timestamps(
          idColumn(db.schema.createTable('albums'))
            .addColumn('title', 'text', (c) => c.notNull())
            .addColumn('album_type', 'text', (c) =>
              c.notNull().check(sql`album_type in ('single', 'collaboration')`),
            )
            .addColumn('primary_artist_id', 'integer', fk('artists', 'restrict'))
            .addColumn('genre_id', 'integer', fk('genres', 'set null'))
            .addColumn('release_date', 'text')
            .addColumn('description', 'text')
            .addColumn('cover_art', 'text'),
        ),
      ).execute();
      await db.schema
        .createIndex('albums_primary_artist_idx')
        .on('albums')
        .column('primary_artist_id')
        .execute();
      await db.schema.createIndex('albums_genre_idx').on('albums').column('genre_id').execute();
      await db.schema
        .createIndex('albums_release_idx')
        .on('albums')
        .columns(['release_date', 'id'])
        .execute();
      await db.schema.createIndex('albums_created_idx').on('albums').columns(['created_at', 'id']).execute();

      await db.schema
        .createTable('album_artists')
        .addColumn('album_id', 'integer', (c) => fk('albums', 'cascade')(c.notNull()))
        .addColumn('artist_id', 'integer', (c) => fk('artists', 'restrict')(c.notNull()))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('album_artists_pk', ['album_id', 'artist_id'])
        .execute();
      await db.schema
        .createIndex('album_artists_artist_idx')
        .on('album_artists')
        .column('artist_id')
        .execute();

      await searchable(
        timestamps(
          idColumn(db.schema.createTable('songs'))
            .addColumn('title', 'text', (c) => c.notNull())
            .addColumn('lyricist', 'text')
            .addColumn('album_id', 'integer', (c) => fk('albums', 'restrict')(c.notNull()))
            .addColumn('genre_id', 'integer', fk('genres', 'set null'))
            .addColumn('audio_file_url', 'text')
            .addColumn('audio_file_size', bigint)
            .addColumn('audio_sha256', 'text')
            .addColumn('duration', 'integer')
            .addColumn('lyrics', 'text')
            .addColumn('language', 'text')
            .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
            .addColumn('total_streams', bigint, (c) => c.notNull().defaultTo(0))
            .addColumn('likes_count', bigint, (c) => c.notNull().defaultTo(0))
            .addColumn('downloads_count', bigint, (c) => c.notNull().defaultTo(0)),
        ),
      ).execute();
      for (const [name, columns] of [
        ['songs_created_idx', ['created_at', 'id']],
        ['songs_album_idx', ['album_id']],
        ['songs_genre_idx', ['genre_id']],
        ['songs_streams_idx', ['total_streams', 'id']],
        ['songs_likes_idx', ['likes_count', 'id']],
        ['songs_language_idx', ['language', 'created_at']],
        ['songs_status_idx', ['status', 'created_at']],
        ['songs_sha256_idx', ['audio_sha256']],
      ] as const) {
        await db.schema
          .createIndex(name)
          .on('songs')
          .columns([...columns])
          .execute();
      }

      await searchable(
        timestamps(
          idColumn(db.schema.createTable('app_users'))
            .addColumn('first_name', 'text')
            .addColumn('last_name', 'text')
            .addColumn('username', 'text', (c) => c.notNull().unique())
            .addColumn('email', 'text', (c) => c.notNull().unique())
            .addColumn('profile_image', 'text')
            .addColumn('signup_method', 'text', (c) => c.notNull().defaultTo('email'))
            .addColumn('is_premium', 'boolean', bool(false))
            .addColumn('is_active', 'boolean', bool(true))
            .addColumn('password_hash', 'text'),
        ),
      ).execute();
      await db.schema
        .createIndex('app_users_created_idx')
        .on('app_users')
        .columns(['created_at', 'id'])
        .execute();

      await idColumn(db.schema.createTable('app_user_tokens'))
        .addColumn('user_id', 'integer', (c) => fk('app_users', 'cascade')(c.notNull()))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('app_user_tokens_user_idx')
        .on('app_user_tokens')
        .column('user_id')
        .execute();

      await searchable(
        timestamps(
          idColumn(db.schema.createTable('playlists'))
            .addColumn('name', 'text', (c) => c.notNull())
            .addColumn('description', 'text')
            .addColumn('user_id', 'integer', fk('app_users', 'cascade'))
            .addColumn('is_public', 'boolean', bool(true))
            .addColumn('is_featured', 'boolean', bool(false))
            .addColumn('is_hidden', 'boolean', bool(false)),
        ),
      ).execute();
      await db.schema.createIndex('playlists_user_idx').on('playlists').column('user_id').execute();
      await db.schema
        .createIndex('playlists_created_idx')
        .on('playlists')
        .columns(['created_at', 'id'])
        .execute();

      await db.schema
        .createTable('playlist_songs')
        .addColumn('playlist_id', 'integer', (c) => fk('playlists', 'cascade')(c.notNull()))
        .addColumn('song_id', 'integer', (c) => fk('songs', 'cascade')(c.notNull()))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('added_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('playlist_songs_pk', ['playlist_id', 'song_id'])
        .execute();
      await db.schema.createIndex('playlist_songs_song_idx').on('playlist_songs').column('song_id').execute();

      await searchable(
        timestamps(
          idColumn(db.schema.createTable('banners'))
            .addColumn('title', 'text', (c) => c.notNull())
            .addColumn('description', 'text')
            .addColumn('image_url', 'text')
            .addColumn('target_url', 'text')
            .addColumn('position', 'text', (c) =>
              c.notNull().defaultTo('hero').check(sql`position in ('hero', 'sidebar', 'footer', 'popup')`),
            )
            .addColumn('start_date', 'text')
            .addColumn('end_date', 'text')
            .addColumn('priority', 'integer', (c) =>
              c.notNull().defaultTo(1).check(sql`priority between 1 and 10`),
            )
            .addColumn('is_active', 'boolean', bool(true))
            .addColumn('click_count', bigint, (c) => c.notNull().defaultTo(0))
            .addColumn('impression_count', bigint, (c) => c.notNull().defaultTo(0)),
        ),
      ).execute();
      await db.schema
        .createIndex('banners_position_idx')
        .on('banners')
        .columns(['position', 'priority'])
        .execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('song_likes')
        .addColumn('user_id', 'integer', (c) => fk('app_users', 'cascade')(c.notNull()))
        .addColumn('song_id', 'integer', (c) => fk('songs', 'cascade')(c.notNull()))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('song_likes_pk', ['user_id', 'song_id'])
        .execute();
      await db.schema.createIndex('song_likes_song_idx').on('song_likes').column('song_id').execute();

      await db.schema
        .createTable('artist_follows')
        .addColumn('user_id', 'integer', (c) => fk('app_users', 'cascade')(c.notNull()))
        .addColumn('artist_id', 'integer', (c) => fk('artists', 'cascade')(c.notNull()))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('artist_follows_pk', ['user_id', 'artist_id'])
        .execute();
      await db.schema
        .createIndex('artist_follows_artist_idx')
        .on('artist_follows')
        .column('artist_id')
        .execute();

      await idColumn(db.schema.createTable('stream_events'))
        .addColumn('song_id', 'integer', (c) => fk('songs', 'cascade')(c.notNull()))
        .addColumn('user_id', 'integer', fk('app_users', 'set null'))
        .addColumn('device_type', 'text')
        .addColumn('platform', 'text')
        .addColumn('location', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('stream_events_song_idx')
        .on('stream_events')
        .columns(['song_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('stream_events_created_idx')
        .on('stream_events')
        .column('created_at')
        .execute();
      await db.schema.createIndex('stream_events_user_idx').on('stream_events').column('user_id').execute();

      await idColumn(db.schema.createTable('download_events'))
        .addColumn('song_id', 'integer', (c) => fk('songs', 'cascade')(c.notNull()))
        .addColumn('user_id', 'integer', fk('app_users', 'set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('download_events_song_idx')
        .on('download_events')
        .column('song_id')
        .execute();
      await db.schema
        .createIndex('download_events_user_idx')
        .on('download_events')
        .column('user_id')
        .execute();
    },
  };
}
