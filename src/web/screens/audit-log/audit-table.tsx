import { useMemo } from 'react';
import type { AuditEntry } from '../../../contract/audit';
import { Badge } from '../../components/ui/badge';
import { DataTable, type DataTableColumn, dataTableColumns } from '../../components/ui/data-table';
import { cn } from '../../lib/cn';
import { ACTION_BADGES, ACTION_LABELS, fieldLabel, RESOURCE_LABELS, shownValue } from './audit-labels';

export const AUDIT_PAGE_SIZE = 50;

const col = dataTableColumns<AuditEntry>();
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Changes({ entry, className }: { entry: AuditEntry; className?: string }) {
  if (entry.changes.length === 0)
    return <p className={cn('text-sm text-muted-foreground', className)}>No field changes</p>;
  return (
    <ul className={cn('flex flex-col gap-1 text-sm', className)}>
      {entry.changes.map((c) => (
        <li key={c.field} className="leading-snug">
          <span className="font-medium">{fieldLabel(c.field)}:</span>{' '}
          {c.secret ? (
            <span className="text-muted-foreground italic">changed (secret)</span>
          ) : (
            <>
              {'before' in c ? (
                <del dir="auto" className="text-muted-foreground">
                  <span className="sr-only">before: </span>
                  {shownValue(c.before)}
                </del>
              ) : null}
              {'before' in c && 'after' in c ? <span aria-hidden="true"> → </span> : null}
              {'after' in c ? (
                <ins dir="auto" className="no-underline">
                  <span className="sr-only">after: </span>
                  {shownValue(c.after)}
                </ins>
              ) : null}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

function When({ at }: { at: string }) {
  return (
    <time dateTime={at} className="whitespace-nowrap">
      {timeFormat.format(new Date(at))}
    </time>
  );
}

const ActionBadge = ({ entry }: { entry: AuditEntry }) => (
  <Badge variant={ACTION_BADGES[entry.action]}>{ACTION_LABELS[entry.action]}</Badge>
);

/** Below md the table shows the Record column only, holding the other columns' values (no sideways scroll). */
const wideOnly = { className: 'hidden md:table-cell', headerClassName: 'hidden md:table-cell' };

const columns: DataTableColumn<AuditEntry>[] = [
  col.display({
    id: 'when',
    header: 'When',
    meta: wideOnly,
    cell: ({ row: { original: e } }) => <When at={e.at} />,
  }),
  col.display({
    id: 'action',
    header: 'Action',
    meta: wideOnly,
    cell: ({ row: { original: e } }) => <ActionBadge entry={e} />,
  }),
  col.display({
    id: 'record',
    header: 'Record',
    cell: ({ row: { original: e } }) => (
      <div className="min-w-36">
        <div className="mb-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs md:hidden">
          <When at={e.at} />
          <ActionBadge entry={e} />
          <span dir="auto">{e.adminUsername}</span>
        </div>
        <div className="text-xs text-muted-foreground">
          {RESOURCE_LABELS[e.resource]}
          {e.recordId !== null ? ` #${e.recordId}` : ''}
        </div>
        {e.recordLabel ? (
          <div className="font-medium">
            <span dir="auto">{e.recordLabel}</span>
          </div>
        ) : null}
        <Changes entry={e} className="mt-2 md:hidden" />
      </div>
    ),
  }),
  col.display({
    id: 'changes',
    header: 'Changes',
    meta: wideOnly,
    cell: ({ row: { original: e } }) => <Changes entry={e} className="min-w-64" />,
  }),
  col.display({
    id: 'admin',
    header: 'Admin',
    meta: wideOnly,
    cell: ({ row: { original: e } }) => <span dir="auto">{e.adminUsername}</span>,
  }),
];

interface AuditTableProps {
  rows: AuditEntry[];
  total: number;
  totalExact: boolean;
  page: number;
  onPageChange: (page: number) => void;
  isLoading: boolean;
  error: string | null;
  onRetry: () => void;
}

export function AuditTable(props: AuditTableProps) {
  const cols = useMemo(() => columns, []);
  return (
    <DataTable
      aria-label="Audit log"
      columns={cols}
      {...props}
      pageSize={AUDIT_PAGE_SIZE}
      getRowId={(e) => String(e.id)}
      loadingText="Loading audit log..."
      emptyText="No entries match these filters"
      noun="entries"
    />
  );
}
