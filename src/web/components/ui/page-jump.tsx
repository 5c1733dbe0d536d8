import { type FormEvent, useEffect, useState } from 'react';

interface PageJumpProps {
  /** Zero-based current page. */
  page: number;
  pages: number;
  /** False when `pages` is a lower bound: shown as "N+", and any later page may be asked for. */
  pagesExact?: boolean | undefined;
  onPageChange: (page: number) => void;
  disabled?: boolean | undefined;
}

/** The highest page asked for past a lower-bound total (offsets stay far below the API's maximum). */
const MAX_PAGE = 1_000_000;

/** "Page [n] of N": type a page number and press Enter to go straight there (deep pages of big lists). */
export function PageJump({ page, pages, pagesExact = true, onPageChange, disabled }: PageJumpProps) {
  const [value, setValue] = useState(String(page + 1));
  useEffect(() => setValue(String(page + 1)), [page]);

  const go = (event?: FormEvent) => {
    event?.preventDefault();
    const wanted = Number.parseInt(value, 10);
    if (!Number.isFinite(wanted)) return setValue(String(page + 1));
    const target = Math.min(Math.max(wanted, 1), pagesExact ? pages : MAX_PAGE) - 1;
    setValue(String(target + 1));
    if (target !== page) onPageChange(target);
  };

  return (
    <form onSubmit={go} className="flex items-center gap-1 text-sm text-muted-foreground">
      <label htmlFor="page-jump">Page</label>
      <input
        id="page-jump"
        aria-label="Go to page"
        type="number"
        inputMode="numeric"
        min={1}
        max={pagesExact ? pages : undefined}
        value={value}
        disabled={disabled}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => go()}
        className="h-8 w-20 rounded-md border border-input bg-background px-2 text-right text-foreground"
      />
      <span>
        of {pages.toLocaleString('en-US')}
        {pagesExact ? '' : '+'}
      </span>
    </form>
  );
}
