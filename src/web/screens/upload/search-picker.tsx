import type { ReactNode } from 'react';
import { type ComboboxSearch, SearchCombobox } from '../../components/search-combobox';

export interface SearchPickerProps<T extends { id: number }> {
  id: string;
  label: string;
  /** What the chosen option reads as in the text box. */
  textOf: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  /** The server search for the typed text; runs only while the list is open. */
  useSearch: (q: string, enabled: boolean) => ComboboxSearch<T>;
  selected: T | null;
  onChange: (option: T | null) => void;
  placeholder: string;
  noneText: string;
  disabled?: boolean;
  invalid?: boolean;
  required?: boolean;
}

/**
 * A single-choice server search in an upload form row (its list floats over the row below). The
 * catalogue may hold thousands of albums: only the first few matches of what was typed are fetched.
 */
export function SearchPicker<T extends { id: number }>({
  label,
  invalid,
  required,
  ...props
}: SearchPickerProps<T>) {
  return (
    <SearchCombobox
      {...props}
      floating
      listLabel={label}
      errorText="Could not search"
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-required={required || undefined}
    />
  );
}
