import { type KeyboardEvent, type ReactNode, useEffect, useState } from 'react';
import { Input } from '../../components/ui/input';
import { useDebouncedValue } from '../../components/ui/search-input';
import { cn } from '../../lib/cn';

export interface PickerSearch<T> {
  data: T[] | undefined;
  isFetching: boolean;
  isError: boolean;
}

export interface SearchPickerProps<T extends { id: number }> {
  id: string;
  label: string;
  /** What the chosen option reads as in the text box. */
  textOf: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  /** The server search for the typed text; runs only while the list is open. */
  useSearch: (q: string, enabled: boolean) => PickerSearch<T>;
  selected: T | null;
  onChange: (option: T | null) => void;
  placeholder: string;
  noneText: string;
  disabled?: boolean;
  invalid?: boolean;
  required?: boolean;
}

/**
 * A text box that asks the server for matching options as one types (an ARIA combobox with a
 * listbox; arrows, Enter and Escape work). The catalogue may hold thousands of albums: only the
 * first few matches of what was typed are ever fetched.
 */
export function SearchPicker<T extends { id: number }>({
  id,
  label,
  textOf,
  renderOption,
  useSearch,
  selected,
  onChange,
  placeholder,
  noneText,
  disabled,
  invalid,
  required,
}: SearchPickerProps<T>) {
  const selectedText = selected ? textOf(selected) : '';
  const [text, setText] = useState(selectedText);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const debounced = useDebouncedValue(text.trim(), 250);
  // The chosen option's own text lists everything again rather than searching for itself.
  const q = selected && text === selectedText ? '' : debounced;
  const search = useSearch(q, open && !disabled);
  const options = search.data ?? [];

  useEffect(() => {
    if (!open) setText(selectedText);
  }, [selectedText, open]);

  const listboxId = `${id}-listbox`;
  const optionId = (option: T) => `${id}-option-${option.id}`;
  const activeOption = open ? options[Math.min(active, options.length - 1)] : undefined;

  function pick(option: T) {
    onChange(option);
    setText(textOf(option));
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
  if (search.isError) status = 'Could not search';
  else if (options.length === 0) status = search.isFetching || !search.data ? 'Searching...' : noneText;

  return (
    <div className="relative">
      <Input
        id={id}
        role="combobox"
        dir="auto"
        autoComplete="off"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listboxId}
        aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
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
          if (next.trim() === '' && selected) onChange(null);
        }}
      />
      {open ? (
        <div className="absolute z-30 mt-1 w-full rounded-md border bg-background shadow-md">
          <div id={listboxId} role="listbox" aria-label={label} className="max-h-60 overflow-y-auto p-1">
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
