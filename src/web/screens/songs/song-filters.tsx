import { SONG_LANGUAGES, SONG_STATUSES } from '../../../contract/songs';
import { SearchInput } from '../../components/ui/search-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import type { SongFilters as Filters, SongLanguage, SongSort, SongStatus } from './queries';

const ALL = 'all';

export const SORT_OPTIONS: ReadonlyArray<{ value: SongSort; label: string }> = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'most_played', label: 'Most Played' },
  { value: 'most_liked', label: 'Most Liked' },
];

const STATUS_LABELS: Record<SongStatus, string> = {
  published: 'Published',
  processing: 'Processing',
  draft: 'Draft',
};

interface SongFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
}

/** Search by title (debounced) and the language, status and sort dropdowns, all applied on the server. */
export function SongFilters({ filters, onChange }: SongFiltersProps) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <SearchInput
        aria-label="Search songs"
        placeholder="Search songs by title..."
        className="max-w-md flex-1"
        onSearch={(q) => onChange({ ...filters, q })}
      />
      <Select
        value={filters.language ?? ALL}
        onValueChange={(value) =>
          onChange({ ...filters, language: value === ALL ? null : (value as SongLanguage) })
        }
      >
        <SelectTrigger aria-label="Filter by language" className="w-40">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>All Languages</SelectItem>
          {SONG_LANGUAGES.map((language) => (
            <SelectItem key={language} value={language}>
              {language}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select
        value={filters.status ?? ALL}
        onValueChange={(value) =>
          onChange({ ...filters, status: value === ALL ? null : (value as SongStatus) })
        }
      >
        <SelectTrigger aria-label="Filter by status" className="w-36">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>All Status</SelectItem>
          {SONG_STATUSES.map((status) => (
            <SelectItem key={status} value={status}>
              {STATUS_LABELS[status]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select
        value={filters.sort}
        onValueChange={(value) => onChange({ ...filters, sort: value as SongSort })}
      >
        <SelectTrigger aria-label="Sort songs" className="w-40">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {SORT_OPTIONS.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
