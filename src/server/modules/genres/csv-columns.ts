import type { Genre } from '../../../contract/genres';
import { type CsvColumn, utcDateTime } from '../../http/csv-export';

/** The categories export. */
export const GENRE_CSV_COLUMNS: CsvColumn<Genre>[] = [
  { header: 'ID', value: (g) => g.id },
  { header: 'Name', value: (g) => g.name },
  { header: 'Description', value: (g) => g.description },
  { header: 'Color', value: (g) => g.color },
  { header: 'Active', value: (g) => g.isActive },
  { header: 'Songs', value: (g) => g.songCount },
  { header: 'Albums', value: (g) => g.albumCount },
  { header: 'Created (UTC)', value: (g) => utcDateTime(g.createdAt) },
];
