import { type KeyboardEvent, useEffect, useState } from 'react';
import { Input } from '../../components/ui/input';
import { useDebouncedValue } from '../../components/ui/search-input';
import { cn } from '../../lib/cn';
import { useList } from '../../lib/resource-hooks';
import { artists } from '../../lib/resources';
import type { ArtistOption } from './album-form-values';

/**
 * Up to `max` artists matching `q` (by name, on the server) that are not in `exclude`. The server is
 * asked for `max + exclude.length` so that dropping the excluded ones still leaves `max` when possible.
 */
function useArtistSuggestions(q: string, max: number, exclude: readonly number[], enabled: boolean) {
  const limit = Math.min(1000, max + exclude.length);
  const list = useList(artists, { q, sort: 'name', limit }, { enabled });
  const excluded = new Set(exclude);
  const options: ArtistOption[] = list.rows
    .filter((artist) => !excluded.has(artist.id))
    .slice(0, max)
    .map((artist) => ({ id: artist.id, name: artist.name, country: artist.country }));
  return { options, isFetching: list.isFetching, isError: Boolean(list.error) };
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

/**
 * A text box that searches artists on the server as one types and suggests a few of them (an ARIA
 * combobox with a listbox; arrow keys, Enter and Escape work). Never downloads the artist table.
 */
export function ArtistCombobox({
  id = 'artist-combobox',
  placeholder = 'Search artists...',
  disabled,
  max,
  exclude = none,
  selected,
  onChange,
  ...aria
}: ArtistComboboxProps) {
  const single = selected !== undefined;
  const selectedName = selected?.name ?? '';
  const [text, setText] = useState(selectedName);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const debounced = useDebouncedValue(text.trim(), 250);
  // The chosen artist's own name lists everyone again instead of searching for that name.
  const q = single && text === selectedName ? '' : debounced;
  const { options, isFetching, isError } = useArtistSuggestions(q, max, exclude, open && !disabled);

  useEffect(() => {
    if (!open) setText(selectedName);
  }, [selectedName, open]);

  const listboxId = `${id}-listbox`;
  const optionId = (artist: ArtistOption) => `${id}-option-${artist.id}`;
  const activeOption = open ? options[Math.min(active, options.length - 1)] : undefined;

  function pick(artist: ArtistOption) {
    onChange(artist);
    setText(single ? artist.name : '');
    setOpen(false);
    setActive(0);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      else setActive((i) => Math.min(i + 1, Math.max(options.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      if (open && activeOption) {
        event.preventDefault();
        pick(activeOption);
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  }

  let status: string | null = null;
  if (isError) status = 'Could not search artists';
  else if (options.length === 0) status = isFetching ? 'Searching...' : 'No artists found';

  return (
    <div className="flex flex-col gap-1">
      <Input
        id={id}
        role="combobox"
        dir="auto"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listboxId}
        aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
        placeholder={placeholder}
        disabled={disabled}
        value={text}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          setOpen(true);
          setActive(0);
          if (single && next.trim() === '' && selected) onChange(null);
        }}
        {...aria}
      />
      {open ? (
        <div className="rounded-md border bg-background shadow-sm">
          <div
            id={listboxId}
            role="listbox"
            aria-label="Artist suggestions"
            className="max-h-56 overflow-y-auto p-1"
          >
            {options.map((artist) => {
              const isActive = artist === activeOption;
              return (
                <div
                  key={artist.id}
                  id={optionId(artist)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={isActive}
                  className={cn(
                    'flex cursor-pointer items-center justify-between gap-2 rounded-sm px-2 py-1.5 text-sm',
                    isActive && 'bg-accent text-accent-foreground',
                  )}
                  // mousedown, not click: the input must not blur (and close the list) first
                  onMouseDown={(event) => {
                    event.preventDefault();
                    pick(artist);
                  }}
                  onMouseEnter={() => setActive(options.indexOf(artist))}
                >
                  <span dir="auto" className="truncate">
                    {artist.name}
                  </span>
                  {artist.country ? (
                    <span dir="auto" className="shrink-0 text-xs text-muted-foreground">
                      {artist.country}
                    </span>
                  ) : null}
                </div>
              );
            })}
          </div>
          {status ? (
            <p role="status" className="px-3 py-2 text-sm text-muted-foreground">
              {status}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
