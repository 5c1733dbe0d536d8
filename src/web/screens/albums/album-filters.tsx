import { FilterSelect } from '../../components/filter-select';
import { SearchInput } from '../../components/ui/search-input';
import type { AlbumFilters as Filters } from './queries';
import { useAlbumYears, useGenreOptions } from './queries';

interface AlbumFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
}

const idOrNull = (value: string | null) => (value === null ? null : Number(value));
const stringOrNull = (value: number | null) => (value === null ? null : String(value));

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
      <FilterSelect
        label="Filter by genre"
        className="w-44"
        allLabel="All Genres"
        value={stringOrNull(filters.genreId)}
        onChange={(value) => onChange({ ...filters, genreId: idOrNull(value) })}
        options={genres.rows.map((genre) => ({
          value: String(genre.id),
          label: <span dir="auto">{genre.name}</span>,
        }))}
      />
      <FilterSelect
        label="Filter by year"
        className="w-36"
        allLabel="All Years"
        value={stringOrNull(filters.year)}
        onChange={(value) => onChange({ ...filters, year: idOrNull(value) })}
        options={(years.data ?? []).map((year) => ({ value: String(year), label: year }))}
      />
    </div>
  );
}
