import {
  type ColumnDef,
  createColumnHelper,
  type RowData,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { LoadError } from '../load-error';
import { Pagination } from './pagination';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './table';

export type { SortingState } from '@tanstack/react-table';

/**
 * The features of every data table: sorting state only (the server sorts; no client row models), plus
 * per-column class names.
 */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  columnMeta: {} as { className?: string; headerClassName?: string },
});
export type DataTableFeatures = typeof dataTableFeatures;
// biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
export type DataTableColumn<TData extends RowData> = ColumnDef<DataTableFeatures, TData, any>;

/** A typed column helper for `DataTable` columns. */
export const dataTableColumns = <TData extends RowData>() => createColumnHelper<DataTableFeatures, TData>();

/** One server page as a list screen hands it to its table: the rows, their total and paging, the load state. */
export interface ServerPage<TData extends RowData> {
  rows: TData[];
  total: number;
  /** False when `total` is a lower bound (more than 10,000 rows match). */
  totalExact?: boolean;
  page: number;
  onPageChange: (page: number) => void;
  isLoading: boolean;
  onRetry: () => void;
}

export interface DataTableProps<TData extends RowData> {
  columns: DataTableColumn<TData>[];
  /** The current page of rows, as the server answered. */
  rows: readonly TData[];
  /** All matching rows on the server (X-Total-Count). */
  total: number;
  /** False when `total` is a lower bound (see Pagination). */
  totalExact?: boolean;
  /** Zero-based page index. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  getRowId: (row: TData) => string;
  /** Server-side sorting: pass both to make headers of sortable columns clickable. */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  isLoading?: boolean;
  /** The screen's error text (e.g. "Error loading artists"); shown instead of rows. */
  error?: string | null | undefined;
  /** With `error`: a Retry button below the text. */
  onRetry?: () => void;
  loadingText?: string;
  emptyText?: ReactNode;
  noun?: string;
  'aria-label': string;
  className?: string;
}

const emptySorting: SortingState = [];

/** One page of server rows in a table, with loading / error / empty rows and pagination below. */
export function DataTable<TData extends RowData>({
  columns,
  rows,
  total,
  totalExact = true,
  page,
  pageSize,
  onPageChange,
  getRowId,
  sorting,
  onSortingChange,
  isLoading = false,
  error,
  onRetry,
  loadingText = 'Loading...',
  emptyText = 'No results.',
  noun,
  'aria-label': ariaLabel,
  className,
}: DataTableProps<TData>) {
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: rows as TData[],
    getRowId: (row) => getRowId(row),
    manualSorting: true,
    enableSorting: Boolean(onSortingChange),
    enableSortingRemoval: false,
    state: { sorting: sorting ?? emptySorting },
    onSortingChange: (updater) => {
      if (!onSortingChange) return;
      const next = typeof updater === 'function' ? updater(sorting ?? emptySorting) : updater;
      onSortingChange(next);
    },
  });
  const columnCount = table.getAllLeafColumns().length;

  let status: ReactNode = null;
  if (error) {
    status = onRetry ? (
      <LoadError text={error} onRetry={onRetry} />
    ) : (
      <span role="alert" className="text-destructive">
        {error}
      </span>
    );
  } else if (isLoading && rows.length === 0) {
    status = <span role="status">{loadingText}</span>;
  } else if (rows.length === 0) {
    status = emptyText;
  }

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <div className="rounded-md border">
        <Table aria-label={ariaLabel} aria-busy={isLoading || undefined}>
          <TableHeader>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id}>
                {group.headers.map((header) => {
                  const canSort = header.column.getCanSort();
                  const sorted = header.column.getIsSorted();
                  const meta = header.column.columnDef.meta;
                  return (
                    <TableHead
                      key={header.id}
                      className={meta?.headerClassName}
                      aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      {header.isPlaceholder ? null : canSort ? (
                        <button
                          type="button"
                          className="inline-flex cursor-pointer items-center gap-1 hover:text-foreground"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          <table.FlexRender header={header} />
                          {sorted === 'asc' ? (
                            <ArrowUpIcon aria-hidden="true" className="size-3.5" />
                          ) : sorted === 'desc' ? (
                            <ArrowDownIcon aria-hidden="true" className="size-3.5" />
                          ) : (
                            <ArrowUpDownIcon aria-hidden="true" className="size-3.5 opacity-50" />
                          )}
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </TableHead>
                  );
                })}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {status ? (
              <TableRow>
                <TableCell colSpan={columnCount} className="h-24 text-center text-muted-foreground">
                  {status}
                </TableCell>
              </TableRow>
            ) : (
              table.getRowModel().rows.map((row) => (
                <TableRow key={row.id}>
                  {row.getAllCells().map((cell) => (
                    <TableCell key={cell.id} className={cell.column.columnDef.meta?.className}>
                      <table.FlexRender cell={cell} />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      {total > 0 && !error ? (
        <Pagination
          page={page}
          pageSize={pageSize}
          total={total}
          totalExact={totalExact}
          onPageChange={onPageChange}
          noun={noun}
          disabled={isLoading}
        />
      ) : null}
    </div>
  );
}
