import type { ReactNode } from 'react';
import { FilterSelect } from '../../components/filter-select';
import { SearchInput } from '../../components/ui/search-input';
import { useList, useRead } from '../../lib/resource-hooks';
import { albums, genres as genresResource } from '../../lib/resources';

export interface AlbumFilters {
  q: string;
  genreId: number | null;
  year: number | null;
}
type Filters = AlbumFilters;

/** The genre dropdowns read at most this many genres (a short, admin-made list), sorted by name. */
export const GENRE_OPTIONS_QUERY = { sort: 'name', limit: 200 } as const;

interface AlbumFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
  /** The toolbar's buttons after the filters (the export). */
  children?: ReactNode;
}

const idOrNull = (value: string | null) => (value === null ? null : Number(value));
const stringOrNull = (value: number | null) => (value === null ? null : String(value));

/** Search by title or artist (server), a genre filter and a year filter (newest first). */
export function AlbumFilters({ filters, onChange, children }: AlbumFiltersProps) {
  const genres = useList(genresResource, GENRE_OPTIONS_QUERY);
  const years = useRead<number[]>(albums, 'years');
  const newestFirst = [...(years.data ?? [])].sort((a, b) => b - a);
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
        options={newestFirst.map((year) => ({ value: String(year), label: year }))}
      />
      {children}
    </div>
  );
}
