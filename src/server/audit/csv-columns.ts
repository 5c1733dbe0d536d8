import type { AuditChange, AuditEntry } from '../../contract/audit';
import { type CsvColumn, utcDateTime } from '../http/csv-export';

const shown = (value: unknown) => (value === undefined ? '' : JSON.stringify(value));

/** One change as text: `name: "نور" → "نور محمد"`, or `apiKeys.x: changed` for a secret. */
const describeChange = (c: AuditChange) =>
  c.secret ? `${c.field}: changed` : `${c.field}: ${shown(c.before)} → ${shown(c.after)}`;

/** The audit log export; secrets are in the entries only as "changed" to begin with. */
export const AUDIT_CSV_COLUMNS: CsvColumn<AuditEntry>[] = [
  { header: 'ID', value: (e) => e.id },
  { header: 'Time (UTC)', value: (e) => utcDateTime(e.at) },
  { header: 'Admin', value: (e) => e.adminUsername },
  { header: 'Resource', value: (e) => e.resource },
  { header: 'Record ID', value: (e) => e.recordId },
  { header: 'Record', value: (e) => e.recordLabel },
  { header: 'Action', value: (e) => e.action },
  { header: 'Changes', value: (e) => e.changes.map(describeChange).join('; ') },
];
