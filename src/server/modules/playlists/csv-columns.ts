import type { Playlist } from '../../../contract/playlists';
import { type CsvColumn, utcDateTime } from '../../http/csv-export';

/** The playlists export; the total duration in seconds, like the songs export. */
export const PLAYLIST_CSV_COLUMNS: CsvColumn<Playlist>[] = [
  { header: 'ID', value: (p) => p.id },
  { header: 'Name', value: (p) => p.name },
  { header: 'Description', value: (p) => p.description },
  { header: 'Created by', value: (p) => p.createdBy },
  { header: 'Songs', value: (p) => p.songCount },
  { header: 'Total duration (seconds)', value: (p) => p.totalDuration },
  { header: 'Public', value: (p) => p.isPublic },
  { header: 'Featured', value: (p) => p.isFeatured },
  { header: 'Hidden', value: (p) => p.isHidden },
  { header: 'Created (UTC)', value: (p) => utcDateTime(p.createdAt) },
];
