import { SearchInput } from '../../components/ui/search-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import type { AlbumFilters as Filters } from './queries';
import { useAlbumYears, useGenreOptions } from './queries';

const ALL = 'all';

interface AlbumFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
}

/** Search by title or artist (server), a genre filter and a year filter (newest first). */
export function AlbumFilters({ filters, onChange }: AlbumFiltersProps) {
  const genres = useGenreOptions();
  const years = useAlbumYears();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <SearchInput
        aria-label="Search albums"
        placeholder="Search albums by title or artist..."
        className="max-w-md flex-1"
        onSearch={(q) => onChange({ ...filters, q })}
      />
      <Select
        value={filters.genreId === null ? ALL : String(filters.genreId)}
        onValueChange={(value) => onChange({ ...filters, genreId: value === ALL ? null : Number(value) })}
      >
        <SelectTrigger aria-label="Filter by genre" className="w-44">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>All Genres</SelectItem>
          {genres.rows.map((genre) => (
            <SelectItem key={genre.id} value={String(genre.id)}>
              <span dir="auto">{genre.name}</span>
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select
        value={filters.year === null ? ALL : String(filters.year)}
        onValueChange={(value) => onChange({ ...filters, year: value === ALL ? null : Number(value) })}
      >
        <SelectTrigger aria-label="Filter by year" className="w-36">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>All Years</SelectItem>
          {(years.data ?? []).map((year) => (
            <SelectItem key={year} value={String(year)}>
              {year}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
