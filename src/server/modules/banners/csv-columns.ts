import type { Banner } from '../../../contract/banners';
import { type CsvColumn, utcDateTime } from '../../http/csv-export';

const POSITION_NAMES: Record<Banner['position'], string> = {
  hero: 'Hero',
  sidebar: 'Sidebar',
  footer: 'Footer',
  popup: 'Popup',
};

/** The banners export. */
export const BANNER_CSV_COLUMNS: CsvColumn<Banner>[] = [
  { header: 'ID', value: (b) => b.id },
  { header: 'Title', value: (b) => b.title },
  { header: 'Description', value: (b) => b.description },
  { header: 'Position', value: (b) => POSITION_NAMES[b.position] },
  { header: 'Priority', value: (b) => b.priority },
  { header: 'Active', value: (b) => b.isActive },
  { header: 'Start date', value: (b) => b.startDate },
  { header: 'End date', value: (b) => b.endDate },
  { header: 'Impressions', value: (b) => b.impressionCount },
  { header: 'Clicks', value: (b) => b.clickCount },
  { header: 'Target URL', value: (b) => b.targetUrl },
  { header: 'Created (UTC)', value: (b) => utcDateTime(b.createdAt) },
];
