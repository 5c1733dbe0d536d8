import type { ReactNode } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select';

/** Radix Select has no empty value; this one stands for null ("All …"). */
const ALL = 'all';

interface FilterSelectProps<T extends string | null> {
  /** The accessible name of the trigger, e.g. "Filter by genre". */
  label: string;
  /** Of the trigger, e.g. its width. */
  className?: string;
  value: T;
  onChange: (value: T) => void;
  options: ReadonlyArray<{ value: Exclude<T, null>; label: ReactNode }>;
  /** The first option, standing for null (no filter), e.g. "All Genres". */
  allLabel?: string;
}

/** A dropdown of a list screen's toolbar: a filter or a sort order, applied on the server. */
export function FilterSelect<T extends string | null>({
  label,
  className,
  value,
  onChange,
  options,
  allLabel,
}: FilterSelectProps<T>) {
  return (
    <Select
      value={value ?? ALL}
      onValueChange={(next) => onChange((allLabel !== undefined && next === ALL ? null : next) as T)}
    >
      <SelectTrigger aria-label={label} className={className}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {allLabel !== undefined ? <SelectItem value={ALL}>{allLabel}</SelectItem> : null}
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
