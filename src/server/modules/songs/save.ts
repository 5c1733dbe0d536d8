import type { z } from 'zod';
import type { FieldError } from '../../../contract/errors';
import type { Song, songInputSchema } from '../../../contract/songs';
import { auditedWrite } from '../../audit/record';
import type { Database } from '../../db/database';
import { HttpError, validationFailed } from '../../http/errors';
import type { MediaFile } from '../../media/media-files-repo';
import type { MediaService } from '../../media/media-service';
import { songRows, withCredits } from './details';
import { insertSong, type NewSongFields } from './repo';

export type SongInput = z.output<typeof songInputSchema>;

const notStoredHere = (url: string): FieldError => ({
  field: 'audioFileUrl',
  message: `Audio file ${url} was not uploaded to this server`,
});

/**
 * Saves songs from the upload screen's payload. The audio URL must be a file this server stored (its
 * size, duration and SHA-256 measured at upload win over what the client sends); the album (and
 * genre) must exist. Each song is written in its own transaction.
 */
export function songSaver(database: Database, media: MediaService) {
  const { db } = database;

  const fieldsOf = (input: SongInput, file: MediaFile): NewSongFields => ({
    title: input.title,
    lyricist: input.lyricist ?? null,
    albumId: input.albumId,
    genreId: input.genreId ?? null,
    audioFileUrl: file.url,
    audioFileSize: file.size,
    audioSha256: file.sha256,
    duration: file.duration ?? input.duration ?? null,
    lyrics: input.lyrics ?? null,
    language: input.language ?? null,
    status: input.status,
  });

  const insert = async (fields: NewSongFields) =>
    Number(await auditedWrite(db, 'songs', undefined, (trx) => insertSong(trx, fields)));

  return {
    /** The stored audio files among the songs' URLs, looked up in one query. */
    audioFiles: (inputs: SongInput[]) => media.files.audioByUrl(inputs.map((s) => s.audioFileUrl)),

    async saveOne(input: SongInput): Promise<number> {
      const file = (await media.files.audioByUrl([input.audioFileUrl])).get(input.audioFileUrl);
      if (!file) throw validationFailed([notStoredHere(input.audioFileUrl)]);
      return insert(fieldsOf(input, file));
    },

    /**
     * Saves one song of a batch; a failure is returned, never thrown, so the others go on. An
     * unexpected failure comes back with its cause for the log and a plain message for the client.
     */
    async trySave(
      input: SongInput,
      files: Map<string, MediaFile>,
    ): Promise<{ id: number } | { error: string; cause?: unknown }> {
      const file = files.get(input.audioFileUrl);
      if (!file) return { error: notStoredHere(input.audioFileUrl).message };
      try {
        return { id: await insert(fieldsOf(input, file)) };
      } catch (err) {
        if (err instanceof HttpError && err.statusCode < 500) return { error: err.message };
        return { error: 'Failed to save song', cause: err };
      }
    },

    /** The saved songs as the API answers them, in the order of `ids`, in two queries. */
    async songs(ids: number[]): Promise<Song[]> {
      if (ids.length === 0) return [];
      const rows = await songRows(db).where('s.id', 'in', ids).execute();
      const byId = new Map((await withCredits(db, rows)).map((s) => [s.id, s]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
  };
}
