import { SearchIcon } from 'lucide-react';
import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { Input } from './input';

/** The value, once it has stopped changing for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export interface SearchInputProps
  extends Omit<ComponentProps<'input'>, 'value' | 'defaultValue' | 'onChange' | 'type'> {
  /** Called with the trimmed text after the user stops typing for `delay` ms. */
  onSearch: (value: string) => void;
  defaultValue?: string;
  delay?: number;
  'aria-label': string;
}

/** A search box that tells its owner what to search for only once typing pauses (debounced). */
export function SearchInput({
  onSearch,
  defaultValue = '',
  delay = 300,
  className,
  ...props
}: SearchInputProps) {
  const [text, setText] = useState(defaultValue);
  const debounced = useDebouncedValue(text.trim(), delay);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      if (debounced === defaultValue.trim()) return;
    }
    onSearchRef.current(debounced);
  }, [debounced, defaultValue]);

  return (
    <div className={cn('relative w-full', className)}>
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        dir="auto"
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="pl-9"
        {...props}
      />
    </div>
  );
}
