import { type FormEvent, useEffect, useState } from 'react';

interface PageJumpProps {
  /** Zero-based current page. */
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  disabled?: boolean | undefined;
}

/** "Page [n] of N": type a page number and press Enter to go straight there (deep pages of big lists). */
export function PageJump({ page, pages, onPageChange, disabled }: PageJumpProps) {
  const [value, setValue] = useState(String(page + 1));
  useEffect(() => setValue(String(page + 1)), [page]);

  const go = (event?: FormEvent) => {
    event?.preventDefault();
    const wanted = Number.parseInt(value, 10);
    if (!Number.isFinite(wanted)) return setValue(String(page + 1));
    const target = Math.min(Math.max(wanted, 1), pages) - 1;
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
        max={pages}
        value={value}
        disabled={disabled}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => go()}
        className="h-8 w-20 rounded-md border border-input bg-background px-2 text-right text-foreground"
      />
      <span>of {pages.toLocaleString('en-US')}</span>
    </form>
  );
}
