import { type KeyboardEvent, type ReactNode, useEffect, useState } from 'react';
import { cn } from '../lib/cn';
import { Input } from './ui/input';
import { useDebouncedValue } from './ui/search-input';

export interface ComboboxSearch<T> {
  data: T[] | undefined;
  isFetching: boolean;
  isError: boolean;
}

export interface SearchComboboxProps<T extends { id: number }, S = undefined> {
  id: string;
  /** The server search for the typed text, given `searchWith`; runs only while the list is open. */
  useSearch: (q: string, enabled: boolean, searchWith: S) => ComboboxSearch<T>;
  /** What else the search depends on (e.g. how many suggestions, which to leave out). */
  searchWith?: S;
  /** What the chosen option reads as in the text box. */
  textOf: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  /**
   * Single choice: the chosen option, shown as the input's text; emptying the text clears it. Leave
   * out for a multiple choice, where the text is cleared after each pick.
   */
  selected?: T | null;
  onChange: (option: T | null) => void;
  placeholder: string;
  disabled?: boolean;
  /** The listbox's accessible name. */
  listLabel: string;
  errorText: string;
  noneText: string;
  /** The list floats over what follows (inside a form row) instead of pushing it down. */
  floating?: boolean;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/**
 * A text box that asks the server for matching options as one types (an ARIA combobox with a listbox;
 * arrows, Enter and Escape work). Only the first few matches of what was typed are ever fetched.
 */
export function SearchCombobox<T extends { id: number }, S = undefined>({
  id,
  useSearch,
  searchWith,
  textOf,
  renderOption,
  selected,
  onChange,
  placeholder,
  disabled,
  listLabel,
  errorText,
  noneText,
  floating = false,
  ...aria
}: SearchComboboxProps<T, S>) {
  const single = selected !== undefined;
  const selectedText = selected ? textOf(selected) : '';
  const [text, setText] = useState(selectedText);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const debounced = useDebouncedValue(text.trim(), 250);
  // The chosen option's own text lists everything again rather than searching for itself.
  const q = single && text === selectedText ? '' : debounced;
  const search = useSearch(q, open && !disabled, searchWith as S);
  const options = search.data ?? [];

  useEffect(() => {
    if (!open) setText(selectedText);
  }, [selectedText, open]);

  const listboxId = `${id}-listbox`;
  const optionId = (option: T) => `${id}-option-${option.id}`;
  const activeOption = open ? options[Math.min(active, options.length - 1)] : undefined;

  function pick(option: T) {
    onChange(option);
    setText(single ? textOf(option) : '');
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
  if (search.isError) status = errorText;
  else if (options.length === 0) status = search.isFetching || !search.data ? 'Searching...' : noneText;

  return (
    <div className={floating ? 'relative' : 'flex flex-col gap-1'}>
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
        <div
          className={
            floating
              ? 'absolute z-30 mt-1 w-full rounded-md border bg-background shadow-md'
              : 'rounded-md border bg-background shadow-sm'
          }
        >
          <div
            id={listboxId}
            role="listbox"
            aria-label={listLabel}
            className={cn('overflow-y-auto p-1', floating ? 'max-h-60' : 'max-h-56')}
          >
            {options.map((option) => (
              <div
                key={option.id}
                id={optionId(option)}
                role="option"
                tabIndex={-1}
                aria-selected={option === activeOption}
                className={cn(
                  'cursor-pointer rounded-sm px-2 py-1.5 text-sm',
                  option === activeOption && 'bg-accent text-accent-foreground',
                )}
                // mousedown, not click: the input must not blur (and close the list) first
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(option);
                }}
                onMouseEnter={() => setActive(options.indexOf(option))}
              >
                {renderOption(option)}
              </div>
            ))}
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
