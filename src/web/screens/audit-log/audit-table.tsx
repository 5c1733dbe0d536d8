import { useMemo } from 'react';
import type { AuditEntry } from '../../../contract/audit';
import { Badge } from '../../components/ui/badge';
import { DataTable, type DataTableColumn, dataTableColumns } from '../../components/ui/data-table';
import { ACTION_BADGES, ACTION_LABELS, fieldLabel, RESOURCE_LABELS, shownValue } from './audit-labels';

export const AUDIT_PAGE_SIZE = 50;

const col = dataTableColumns<AuditEntry>();
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Changes({ entry }: { entry: AuditEntry }) {
  if (entry.changes.length === 0) return <span className="text-muted-foreground">No field changes</span>;
  return (
    <ul className="flex min-w-64 flex-col gap-1 text-sm">
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

const columns: DataTableColumn<AuditEntry>[] = [
  col.display({
    id: 'when',
    header: 'When',
    cell: ({ row: { original: e } }) => (
      <time dateTime={e.at} className="whitespace-nowrap">
        {timeFormat.format(new Date(e.at))}
      </time>
    ),
  }),
  col.display({
    id: 'action',
    header: 'Action',
    cell: ({ row: { original: e } }) => (
      <Badge variant={ACTION_BADGES[e.action]}>{ACTION_LABELS[e.action]}</Badge>
    ),
  }),
  col.display({
    id: 'record',
    header: 'Record',
    cell: ({ row: { original: e } }) => (
      <div className="min-w-36">
        <div className="text-xs text-muted-foreground">
          {RESOURCE_LABELS[e.resource]}
          {e.recordId !== null ? ` #${e.recordId}` : ''}
        </div>
        {e.recordLabel ? (
          <div className="font-medium">
            <span dir="auto">{e.recordLabel}</span>
          </div>
        ) : null}
      </div>
    ),
  }),
  col.display({
    id: 'changes',
    header: 'Changes',
    cell: ({ row: { original: e } }) => <Changes entry={e} />,
  }),
  col.display({
    id: 'admin',
    header: 'Admin',
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
