import type { Kysely, Selectable } from 'kysely';
import { nowIso } from '../clock';
import { bool, num } from '../db/mappers';
import type { DB, MediaFilesTable } from '../db/schema';

export type MediaFile = Omit<Selectable<MediaFilesTable>, 'createdAt'>;
export type StoredFile = Selectable<MediaFilesTable>;

/** The record of every file the server stored; the only place media code queries. */
export function mediaFilesRepo(db: Kysely<DB>) {
  return {
    async record(file: MediaFile): Promise<void> {
      await db
        .insertInto('mediaFiles')
        .values({ ...file, createdAt: nowIso() })
        .execute();
    },

    async get(url: string): Promise<MediaFile | undefined> {
      const row = await db
        .selectFrom('mediaFiles')
        .select(['url', 'kind', 'contentType', 'size', 'sha256', 'duration'])
        .where('url', '=', url)
        .executeTakeFirst();
      return row && { ...row, size: num(row.size) };
    },

    /** The stored audio files among `urls`, in one query. */
    async audioByUrl(urls: string[]): Promise<Map<string, MediaFile>> {
      if (urls.length === 0) return new Map();
      const rows = await db
        .selectFrom('mediaFiles')
        .select(['url', 'kind', 'contentType', 'size', 'sha256', 'duration'])
        .where('kind', '=', 'audio')
        .where('url', 'in', [...new Set(urls)])
        .execute();
      return new Map(rows.map((r) => [r.url, { ...r, size: num(r.size) }]));
    },

    async remove(url: string): Promise<void> {
      await db.deleteFrom('mediaFiles').where('url', '=', url).execute();
    },

    /** Audio files stored before `before` (ISO time) that no song refers to, oldest first. */
    async unsavedAudio(before: string, limit: number): Promise<StoredFile[]> {
      const rows = await db
        .selectFrom('mediaFiles as m')
        .select(['m.url', 'm.kind', 'm.contentType', 'm.size', 'm.sha256', 'm.duration', 'm.createdAt'])
        .where('m.kind', '=', 'audio')
        .where('m.createdAt', '<', before)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('songs as s').select('s.id').whereRef('s.audioFileUrl', '=', 'm.url'))),
        )
        .orderBy('m.createdAt')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ ...r, size: num(r.size) }));
    },

    /**
     * Forgets an audio file only while no song refers to it, in one statement, so a song saved in the
     * meantime keeps its file; true when this call removed the record (and may remove the file).
     */
    async forgetUnsavedAudio(url: string): Promise<boolean> {
      const result = await db
        .deleteFrom('mediaFiles')
        .where('url', '=', url)
        .where('kind', '=', 'audio')
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('songs').select('songs.id').where('songs.audioFileUrl', '=', url))),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Puts back the record of a file whose removal failed, so the next sweep tries again. */
    async restore(file: StoredFile): Promise<void> {
      await db
        .insertInto('mediaFiles')
        .values(file)
        .onConflict((oc) => oc.column('url').doNothing())
        .execute();
    },

    /** The oldest song whose audio has this SHA-256. */
    async songWithAudio(sha256: string): Promise<number | null> {
      const row = await db
        .selectFrom('songs')
        .select('id')
        .where('audioSha256', '=', sha256)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /** Whether any row still points at the file (a song, an artist, album, banner or user image). */
    async isReferenced(url: string): Promise<boolean> {
      const row = await db
        .selectNoFrom((eb) => [
          eb.exists(eb.selectFrom('songs').select('id').where('audioFileUrl', '=', url)).as('song'),
          eb.exists(eb.selectFrom('artists').select('id').where('avatar', '=', url)).as('artist'),
          eb.exists(eb.selectFrom('albums').select('id').where('coverArt', '=', url)).as('album'),
          eb.exists(eb.selectFrom('banners').select('id').where('imageUrl', '=', url)).as('banner'),
          eb.exists(eb.selectFrom('appUsers').select('id').where('profileImage', '=', url)).as('user'),
        ])
        .executeTakeFirstOrThrow();
      return Object.values(row).some((v) => bool(v as boolean | number));
    },
  };
}

export type MediaFilesRepo = ReturnType<typeof mediaFilesRepo>;
