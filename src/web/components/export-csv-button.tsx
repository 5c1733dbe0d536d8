import { DownloadIcon, LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import { serverMessage } from '../lib/error-message';
import { type ExportQuery, useCsvExport } from '../lib/resource-hooks';
import type { ListQuery, Resource } from '../lib/resources';
import { Button } from './ui/button';

interface ExportCsvButtonProps<R extends Resource<unknown, ListQuery, unknown, unknown>> {
  resource: R;
  /** The list's current search, filters and sort: the file holds every row they select, not one page. */
  query: ExportQuery<R>;
}

/** The "Export CSV" button of a list screen's toolbar: saves the server's CSV of the current list. */
export function ExportCsvButton<R extends Resource<unknown, ListQuery, unknown, unknown>>({
  resource,
  query,
}: ExportCsvButtonProps<R>) {
  const exporting = useCsvExport(resource);
  return (
    <Button
      variant="outline"
      aria-busy={exporting.isPending}
      disabled={exporting.isPending}
      onClick={() =>
        exporting.mutate(query, {
          onError: (error) => {
            const message = serverMessage(error, '');
            toast.error('Failed to export CSV', message ? { description: message } : undefined);
          },
        })
      }
    >
      {exporting.isPending ? (
        <LoaderCircle aria-hidden="true" className="animate-spin" />
      ) : (
        <DownloadIcon aria-hidden="true" />
      )}
      Export CSV
    </Button>
  );
}
