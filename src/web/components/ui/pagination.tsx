import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { PageJump } from './page-jump';

export interface PaginationProps {
  /** Zero-based page index. */
  page: number;
  pageSize: number;
  total: number;
  /**
   * False when `total` is a lower bound (X-Total-Count-Exact: false, more than 10,000 rows match): shown
   * as "10,000+", and paging goes on past it.
   */
  totalExact?: boolean;
  onPageChange: (page: number) => void;
  /** What is being counted, e.g. "songs" → "Showing 1–50 of 100,000 songs". */
  noun?: string;
  className?: string;
  disabled?: boolean;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** "Showing a–b of n", a page number to jump to, and Previous/Next; the list itself pages on the server. */
export function Pagination({
  page,
  pageSize,
  total,
  totalExact = true,
  onPageChange,
  noun,
  className,
  disabled,
}: PaginationProps) {
  // Beyond a lower bound there is at least one more page to try.
  const pages = pageCount(total, pageSize) + (totalExact ? 0 : 1);
  const from = total === 0 ? 0 : page * pageSize + 1;
  const to = Math.min(total, (page + 1) * pageSize);
  const fmt = (n: number) => n.toLocaleString('en-US');
  return (
    <nav aria-label="Pagination" className={cn('flex items-center justify-between gap-4 py-2', className)}>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {fmt(from)}–{fmt(to)} of {fmt(total)}
        {totalExact ? '' : '+'}
        {noun ? ` ${noun}` : ''}
      </p>
      <div className="flex items-center gap-2">
        <PageJump
          page={Math.min(page, pages - 1)}
          pages={pages}
          pagesExact={totalExact}
          onPageChange={onPageChange}
          disabled={disabled}
        />
        <Button
          variant="outline"
          size="icon"
          aria-label="Previous page"
          disabled={disabled || page <= 0}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeftIcon aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label="Next page"
          disabled={disabled || page + 1 >= pages}
          onClick={() => onPageChange(page + 1)}
        >
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
