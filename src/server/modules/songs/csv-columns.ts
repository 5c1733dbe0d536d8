import type { Kysely } from 'kysely';
import type { Song } from '../../../contract/songs';
import type { DB } from '../../db/schema';
import { type CsvColumn, utcDateTime } from '../../http/csv-export';

/** A song of the export: the list's row plus its category's name (the list row has only the id). */
export type SongCsvRow = Song & { genreName: string | null };

/** Adds the category names of one page of songs (one query per page). */
export async function withGenreNames(db: Kysely<DB>, songs: Song[]): Promise<SongCsvRow[]> {
  const ids = [...new Set(songs.flatMap((s) => (s.genreId === null ? [] : [s.genreId])))];
  const genres = ids.length
    ? await db.selectFrom('genres').select(['id', 'name']).where('id', 'in', ids).execute()
    : [];
  const names = new Map(genres.map((g) => [g.id, g.name]));
  return songs.map((s) => ({ ...s, genreName: s.genreId === null ? null : (names.get(s.genreId) ?? null) }));
}

/** The songs export: artist, album and category by name; duration in whole seconds. */
export const SONG_CSV_COLUMNS: CsvColumn<SongCsvRow>[] = [
  { header: 'ID', value: (s) => s.id },
  { header: 'Title', value: (s) => s.title },
  { header: 'Artist', value: (s) => s.artistName },
  { header: 'Album', value: (s) => s.albumTitle },
  { header: 'Category', value: (s) => s.genreName },
  { header: 'Language', value: (s) => s.language },
  { header: 'Status', value: (s) => s.status },
  { header: 'Duration (seconds)', value: (s) => s.duration },
  { header: 'Lyricist', value: (s) => s.lyricist },
  { header: 'Streams', value: (s) => s.totalStreams },
  { header: 'Likes', value: (s) => s.likesCount },
  { header: 'Downloads', value: (s) => s.downloadsCount },
  { header: 'Created (UTC)', value: (s) => utcDateTime(s.createdAt) },
];
