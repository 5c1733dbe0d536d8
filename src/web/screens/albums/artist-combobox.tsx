import { SearchCombobox } from '../../components/search-combobox';
import { useList } from '../../lib/resource-hooks';
import { artists } from '../../lib/resources';
import type { ArtistOption } from './album-form-values';

interface SuggestionLimits {
  /** How many suggestions to show at most. */
  max: number;
  /** Artists never suggested (e.g. the ones already chosen). */
  exclude: readonly number[];
}

/**
 * Up to `max` artists matching `q` (by name, on the server) that are not in `exclude`. The server is
 * asked for `max + exclude.length` so that dropping the excluded ones still leaves `max` when possible.
 */
function useArtistSuggestions(q: string, enabled: boolean, { max, exclude }: SuggestionLimits) {
  const limit = Math.min(1000, max + exclude.length);
  const list = useList(artists, { q, sort: 'name', limit }, { enabled });
  const excluded = new Set(exclude);
  const data: ArtistOption[] = list.rows
    .filter((artist) => !excluded.has(artist.id))
    .slice(0, max)
    .map((artist) => ({ id: artist.id, name: artist.name, country: artist.country }));
  return { data, isFetching: list.isFetching, isError: Boolean(list.error) };
}

export interface ArtistComboboxProps {
  id?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
  placeholder?: string;
  disabled?: boolean;
  /** How many suggestions to show at most. */
  max: number;
  /** Artists never suggested (e.g. the ones already chosen). */
  exclude?: readonly number[];
  /**
   * Single choice: the chosen artist, shown as the input's text; emptying the text clears it. Leave
   * out for a multiple choice, where the text is cleared after each pick.
   */
  selected?: ArtistOption | null;
  onChange: (artist: ArtistOption | null) => void;
}

const none: readonly number[] = [];
const artistName = (artist: ArtistOption) => artist.name;

function ArtistSuggestion({ artist }: { artist: ArtistOption }) {
  return (
    <span className="flex items-center justify-between gap-2">
      <span dir="auto" className="truncate">
        {artist.name}
      </span>
      {artist.country ? (
        <span dir="auto" className="shrink-0 text-xs text-muted-foreground">
          {artist.country}
        </span>
      ) : null}
    </span>
  );
}

/**
 * A text box that searches artists on the server as one types and suggests a few of them, with their
 * country. Never downloads the artist table.
 */
export function ArtistCombobox({
  id = 'artist-combobox',
  placeholder = 'Search artists...',
  max,
  exclude = none,
  ...props
}: ArtistComboboxProps) {
  return (
    <SearchCombobox
      {...props}
      id={id}
      placeholder={placeholder}
      useSearch={useArtistSuggestions}
      searchWith={{ max, exclude }}
      textOf={artistName}
      renderOption={(artist) => <ArtistSuggestion artist={artist} />}
      listLabel="Artist suggestions"
      errorText="Could not search artists"
      noneText="No artists found"
    />
  );
}
