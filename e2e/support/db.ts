import { openDatabase } from '../../src/server/db/database';
import { insertSong } from '../../src/server/modules/songs/repo';
import type { TestServer } from './server';

export interface SongFixture {
  title: string;
  albumId: number;
  language?: 'Balochi' | 'Brahui' | null;
  status?: string;
  duration?: number | null;
  audioFileUrl?: string | null;
  totalStreams?: number;
  likesCount?: number;
  downloadsCount?: number;
}

/**
 * Inserts songs straight into the test server's SQLite database, through the server's own insertSong
 * (search text included): the admin API has no song create with play counts, and the upload path
 * needs real audio. The server's list totals are cached for at most 2 s (db/count-cache.ts).
 */
export async function insertSongs(server: TestServer, songs: SongFixture[]): Promise<number[]> {
  const database = openDatabase({ dialect: 'sqlite', path: server.databaseUrl.replace(/^sqlite:/, '') });
  try {
    return await database.db.transaction().execute(async (trx) => {
      const ids: number[] = [];
      for (const song of songs) {
        const id = await insertSong(trx, {
          title: song.title,
          lyricist: null,
          albumId: song.albumId,
          genreId: null,
          audioFileUrl: song.audioFileUrl ?? null,
          audioFileSize: null,
          duration: song.duration ?? 200,
          lyrics: null,
          language: song.language === undefined ? 'Balochi' : song.language,
          status: song.status ?? 'published',
        });
        await trx
          .updateTable('songs')
          .set({
            totalStreams: song.totalStreams ?? 0,
            likesCount: song.likesCount ?? 0,
            downloadsCount: song.downloadsCount ?? 0,
          })
          .where('id', '=', id)
          .execute();
        ids.push(id);
      }
      return ids;
    });
  } finally {
    await database.close();
  }
}

/** Sets the play, like and download counters of a song (no API writes them; listening does). */
export async function setSongCounters(
  server: TestServer,
  id: number,
  counters: { totalStreams?: number; likesCount?: number; downloadsCount?: number },
): Promise<void> {
  const database = openDatabase({ dialect: 'sqlite', path: server.databaseUrl.replace(/^sqlite:/, '') });
  try {
    await database.db.updateTable('songs').set(counters).where('id', '=', id).execute();
  } finally {
    await database.close();
  }
}
