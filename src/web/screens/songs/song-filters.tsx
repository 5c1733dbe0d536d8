import type { ReactNode } from 'react';
import type { SONG_LANGUAGES as Languages, SONG_STATUSES as Statuses } from '../../../contract/songs';
import { SONG_LANGUAGES, SONG_STATUSES } from '../../../contract/songs';
import { FilterSelect } from '../../components/filter-select';
import { SearchInput } from '../../components/ui/search-input';
import { type SortOf, songs, sortOptions } from '../../lib/resources';

type SongStatus = (typeof Statuses)[number];

export interface SongFilters {
  q: string;
  language: (typeof Languages)[number] | null;
  status: SongStatus | null;
  sort: SortOf<typeof songs>;
}
type Filters = SongFilters;

export const defaultSongFilters: SongFilters = { q: '', language: null, status: null, sort: 'newest' };

export const SORT_OPTIONS = sortOptions(songs, {
  newest: 'Newest',
  oldest: 'Oldest',
  most_played: 'Most Played',
  most_liked: 'Most Liked',
});

const STATUS_LABELS: Record<SongStatus, string> = {
  published: 'Published',
  processing: 'Processing',
  draft: 'Draft',
};
const STATUS_OPTIONS = SONG_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));
const LANGUAGE_OPTIONS = SONG_LANGUAGES.map((language) => ({ value: language, label: language }));

interface SongFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
  /** The toolbar's buttons after the filters (the export). */
  children?: ReactNode;
}

/** Search by title (debounced) and the language, status and sort dropdowns, all applied on the server. */
export function SongFilters({ filters, onChange, children }: SongFiltersProps) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <SearchInput
        aria-label="Search songs"
        placeholder="Search songs by title..."
        className="max-w-md flex-1"
        onSearch={(q) => onChange({ ...filters, q })}
      />
      <FilterSelect
        label="Filter by language"
        className="w-40"
        allLabel="All Languages"
        value={filters.language}
        onChange={(language) => onChange({ ...filters, language })}
        options={LANGUAGE_OPTIONS}
      />
      <FilterSelect
        label="Filter by status"
        className="w-36"
        allLabel="All Status"
        value={filters.status}
        onChange={(status) => onChange({ ...filters, status })}
        options={STATUS_OPTIONS}
      />
      <FilterSelect
        label="Sort songs"
        className="w-40"
        value={filters.sort}
        onChange={(sort) => onChange({ ...filters, sort })}
        options={SORT_OPTIONS}
      />
      {children}
    </div>
  );
}
