import type { Artist } from '../../../contract/artists';
import { type CsvColumn, utcDateTime } from '../../http/csv-export';

/** The artists export: what the list shows, counters as numbers. */
export const ARTIST_CSV_COLUMNS: CsvColumn<Artist>[] = [
  { header: 'ID', value: (a) => a.id },
  { header: 'Name', value: (a) => a.name },
  { header: 'Country', value: (a) => a.country },
  { header: 'Verified', value: (a) => a.verified },
  { header: 'Albums', value: (a) => a.albumCount },
  { header: 'Songs', value: (a) => a.songCount },
  { header: 'Followers', value: (a) => a.followersCount },
  { header: 'Monthly listeners', value: (a) => a.monthlyListeners },
  { header: 'Total streams', value: (a) => a.totalStreams },
  { header: 'Bio', value: (a) => a.bio },
  { header: 'Created (UTC)', value: (a) => utcDateTime(a.createdAt) },
];
