import { useState } from 'react';
import {
  AUDIT_ACTIONS,
  AUDIT_RESOURCES,
  type AuditAction,
  type AuditAdmin,
  type AuditResource,
} from '../../../contract/audit';
import { ExportCsvButton } from '../../components/export-csv-button';
import { FilterSelect } from '../../components/filter-select';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useList, useRead } from '../../lib/resource-hooks';
import { auditLog } from '../../lib/resources';
import { ACTION_LABELS, RESOURCE_LABELS } from './audit-labels';
import { AUDIT_PAGE_SIZE, AuditTable } from './audit-table';

const RESOURCE_OPTIONS = AUDIT_RESOURCES.map((r) => ({ value: r, label: RESOURCE_LABELS[r] }));
const ACTION_OPTIONS = AUDIT_ACTIONS.map((a) => ({ value: a, label: ACTION_LABELS[a] }));

/** Read-only: who changed which record, when, and what changed; filtered and paged on the server. */
export default function AuditLogScreen() {
  const [adminId, setAdminId] = useState<string | null>(null);
  const [resource, setResource] = useState<AuditResource | null>(null);
  const [action, setAction] = useState<AuditAction | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(0);
  const admins = useRead<AuditAdmin[]>(auditLog, 'admins');
  const query = {
    adminId: adminId === null ? undefined : Number(adminId),
    resource: resource ?? undefined,
    action: action ?? undefined,
    from: from || undefined,
    to: to || undefined,
  };
  const list = useList(auditLog, { ...query, limit: AUDIT_PAGE_SIZE, offset: page * AUDIT_PAGE_SIZE });
  const filterBy =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(0);
    };

  return (
    <section className="flex flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Audit Log</h1>
        <p className="text-muted-foreground">
          Every change made in the console: who, when, which record, and the values before and after.
        </p>
      </header>

      <div className="flex flex-wrap items-end gap-3">
        <FilterSelect
          label="Filter by admin"
          className="w-40"
          allLabel="All Admins"
          value={adminId}
          onChange={filterBy(setAdminId)}
          options={(admins.data ?? []).map((a) => ({ value: String(a.id), label: a.username }))}
        />
        <FilterSelect
          label="Filter by resource"
          className="w-40"
          allLabel="All Resources"
          value={resource}
          onChange={filterBy(setResource)}
          options={RESOURCE_OPTIONS}
        />
        <FilterSelect
          label="Filter by action"
          className="w-40"
          allLabel="All Actions"
          value={action}
          onChange={filterBy(setAction)}
          options={ACTION_OPTIONS}
        />
        <DayFilter id="audit-from" label="From" value={from} max={to} onChange={filterBy(setFrom)} />
        <DayFilter id="audit-to" label="To" value={to} min={from} onChange={filterBy(setTo)} />
        <ExportCsvButton resource={auditLog} query={query} />
      </div>

      <AuditTable
        rows={list.rows}
        total={list.total}
        totalExact={list.totalExact}
        page={page}
        onPageChange={setPage}
        isLoading={list.isLoading}
        error={list.error ? 'Error loading the audit log' : null}
        onRetry={list.refetch}
      />
    </section>
  );
}

/** A labelled UTC day input; `min` / `max` keep the range the right way round ('' for none). */
function DayFilter(props: {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={props.id} className="text-xs text-muted-foreground">
        {props.label}
      </Label>
      <Input
        id={props.id}
        type="date"
        className="w-40"
        value={props.value}
        min={props.min || undefined}
        max={props.max || undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}
