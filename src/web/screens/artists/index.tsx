import { PlusIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import type { Artist } from '../../../contract/artists';
import { ExportCsvButton } from '../../components/export-csv-button';
import { FilterSelect } from '../../components/filter-select';
import { ConfirmDelete } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { SearchInput } from '../../components/ui/search-input';
import { serverMessage } from '../../lib/error-message';
import { useDeleteConfirmation } from '../../lib/use-delete-confirmation';
import { ArtistFormDialog } from './artist-form-dialog';
import { ARTISTS_PAGE_SIZE, ArtistsTable } from './artists-table';

const SORTS = sortOptions(artists, {
  newest: 'Newest',
  oldest: 'Oldest',
  name: 'Name',
  streams: 'Most streamed',
});

import { useList, useRemove } from '../../lib/resource-hooks';
import { artists, type SortOf, sortOptions } from '../../lib/resources';

export default function ArtistsScreen() {
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<SortOf<typeof artists>>('newest');
  const [page, setPage] = useState(0);
  const list = useList(artists, { q, sort, limit: ARTISTS_PAGE_SIZE, offset: page * ARTISTS_PAGE_SIZE });
  const [form, setForm] = useState<{ open: boolean; artist: Artist | null }>({ open: false, artist: null });
  const deletion = useDeleteConfirmation<Artist>(useRemove(artists), {
    failedText: 'Failed to delete artist',
    onDeleted: () => {
      toast.success('Artist deleted successfully');
      if (list.rows.length === 1 && page > 0) setPage(page - 1);
    },
    // A 409 ("Artist still has 2 albums") stays in the dialog and is toasted with the server's words.
    onFailed: (error) => toast.error(serverMessage(error, 'Failed to delete artist')),
  });

  const onEdit = useCallback((artist: Artist) => setForm({ open: true, artist }), []);

  return (
    <section className="flex flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Artists Management</h1>
          <p className="text-muted-foreground">Manage artist profiles, verification and their catalogue.</p>
        </div>
        <Button onClick={() => setForm({ open: true, artist: null })}>
          <PlusIcon aria-hidden="true" />
          Add Artist
        </Button>
      </header>

      <div className="flex flex-wrap items-center gap-3">
        <SearchInput
          aria-label="Search artists"
          placeholder="Search artists by name or country..."
          className="max-w-md flex-1"
          onSearch={(value) => {
            setQ(value);
            setPage(0);
          }}
        />
        <FilterSelect
          label="Sort artists"
          className="w-44"
          value={sort}
          onChange={(value) => {
            setSort(value);
            setPage(0);
          }}
          options={SORTS}
        />
        <ExportCsvButton resource={artists} query={{ q, sort }} />
      </div>

      <ArtistsTable
        rows={list.rows}
        total={list.total}
        totalExact={list.totalExact}
        page={page}
        onPageChange={setPage}
        isLoading={list.isLoading}
        error={Boolean(list.error)}
        onRetry={list.refetch}
        onEdit={onEdit}
        onDelete={deletion.ask}
      />

      <ArtistFormDialog
        open={form.open}
        artist={form.artist}
        onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
      />
      <ConfirmDelete
        {...deletion.dialog}
        title="Delete Artist"
        description={
          <>
            Are you sure you want to delete <span dir="auto">"{deletion.target?.name}"</span>? This action
            cannot be undone.
          </>
        }
      />
    </section>
  );
}
