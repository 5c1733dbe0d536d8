import { SettingsIcon, UploadIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { useLeaveGuard } from '../../lib/use-leave-guard';
import { BulkSettings } from './bulk-settings';
import { DropZone } from './drop-zone';
import { canSaveToDatabase, canUploadAll, hasInFlight } from './queue';
import type { QueueItemActions } from './queue-item-card';
import { QueueList } from './queue-list';
import { useUploadQueue } from './use-upload-queue';

const UPLOADS_IN_FLIGHT = 'Uploads are in progress. Leave this page and cancel them?';

export default function UploadScreen() {
  const queue = useUploadQueue();
  const [bulkOpen, setBulkOpen] = useState(false);
  const { items, busy } = queue;
  useLeaveGuard(hasInFlight(items), UPLOADS_IN_FLIGHT);
  // One stable object so the memoised cards re-render only when their own item changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the queue's functions only use refs
  const actions: QueueItemActions = useMemo(
    () => ({ edit: queue.edit, remove: queue.remove, cancel: queue.cancel, retry: queue.retry }),
    [],
  );

  return (
    <section className="flex flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Upload Manager</h1>
          <p className="text-muted-foreground">
            Upload multiple songs at once and add their metadata before saving.
          </p>
        </div>
        <Button variant="outline" aria-expanded={bulkOpen} onClick={() => setBulkOpen(!bulkOpen)}>
          <SettingsIcon aria-hidden="true" />
          Bulk Settings
        </Button>
      </header>

      {bulkOpen ? <BulkSettings onApply={queue.applyBulk} disabled={items.length === 0} /> : null}

      <DropZone onFiles={queue.addFiles} />

      {items.length > 0 ? (
        <Card>
          <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
            <CardTitle>Uploaded Songs ({items.length})</CardTitle>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={queue.clearCompleted} disabled={busy}>
                Clear Completed
              </Button>
              <Button variant="outline" onClick={queue.clearAll} disabled={busy}>
                Clear All
              </Button>
              <Button onClick={() => void queue.uploadAll()} disabled={!canUploadAll(items, busy)}>
                <UploadIcon aria-hidden="true" />
                {busy ? 'Processing...' : 'Upload All'}
              </Button>
              <Button
                variant="secondary"
                onClick={() => void queue.saveToDatabase()}
                disabled={!canSaveToDatabase(items, busy)}
              >
                Save to Database
              </Button>
            </div>
          </CardHeader>
          <CardContent>
            <QueueList items={items} actions={actions} />
          </CardContent>
        </Card>
      ) : (
        <div className="flex flex-col items-center gap-1 py-10 text-center">
          <p className="font-medium">No songs uploaded</p>
          <p className="text-sm text-muted-foreground">Upload your first audio files to get started</p>
        </div>
      )}
    </section>
  );
}
