import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import type { StatusRow } from './model';

/** Every status code the document uses, with what it most often means and how many endpoints use it. */
export function StatusTable({ rows }: { rows: StatusRow[] }) {
  return (
    <Table aria-label="Status codes">
      <TableHeader>
        <TableRow>
          <TableHead>Status</TableHead>
          <TableHead>Meaning</TableHead>
          <TableHead className="text-right">Endpoints</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.status}>
            <TableCell className="font-mono">
              {r.status} {r.reason}
            </TableCell>
            <TableCell className="whitespace-normal">{r.meaning}</TableCell>
            <TableCell className="text-right">{r.endpoints}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
