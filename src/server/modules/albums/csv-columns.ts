import type { Album } from '../../../contract/albums';
import { type CsvColumn, utcDateTime } from '../../http/csv-export';

/** The albums export: the artist credit and category by name. */
export const ALBUM_CSV_COLUMNS: CsvColumn<Album>[] = [
  { header: 'ID', value: (a) => a.id },
  { header: 'Title', value: (a) => a.title },
  { header: 'Type', value: (a) => (a.albumType === 'collaboration' ? 'Collaboration' : 'Single') },
  { header: 'Artist', value: (a) => a.artistName },
  { header: 'Category', value: (a) => a.genreName },
  { header: 'Release date', value: (a) => a.releaseDate },
  { header: 'Tracks', value: (a) => a.totalTracks },
  { header: 'Total streams', value: (a) => a.totalStreams },
  { header: 'Description', value: (a) => a.description },
  { header: 'Created (UTC)', value: (a) => utcDateTime(a.createdAt) },
];
