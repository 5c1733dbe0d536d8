import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Album } from '../../../contract/albums';
import { ExportCsvButton } from '../../components/export-csv-button';
import { LoadError } from '../../components/load-error';
import { ConfirmDelete } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { Pagination } from '../../components/ui/pagination';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/error-message';
import { formatNumber } from '../../lib/format';
import { useList, useRemove } from '../../lib/resource-hooks';
import { albums } from '../../lib/resources';
import { useDeleteConfirmation } from '../../lib/use-delete-confirmation';
import { AlbumCard } from './album-card';
import { AlbumFilters, type AlbumFilters as Filters } from './album-filters';
import { AlbumFormDialog } from './album-form-dialog';

const ALBUMS_PAGE_SIZE = 24;

const noFilters: Filters = { q: '', genreId: null, year: null };

export default function AlbumsScreen() {
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [page, setPage] = useState(0);
  const query = {
    q: filters.q,
    genreId: filters.genreId ?? undefined,
    year: filters.year ?? undefined,
    sort: 'newest' as const,
  };
  const list = useList(albums, { ...query, limit: ALBUMS_PAGE_SIZE, offset: page * ALBUMS_PAGE_SIZE });
  const filtered = filters.q !== '' || filters.genreId !== null || filters.year !== null;
  // "x of y albums": x matches the search and filters, y is the whole catalogue.
  const all = useList(albums, { limit: 1 }, { enabled: filtered });
  const catalogue = filtered ? all : list;
  const [form, setForm] = useState<{ open: boolean; album: Album | null }>({ open: false, album: null });
  const deletion = useDeleteConfirmation<Album>(useRemove(albums), {
    failedText: 'Failed to delete album',
    onDeleted: () => {
      toast.success('Album deleted successfully');
      if (list.rows.length === 1 && page > 0) setPage(page - 1);
    },
    // A 409 ("Album still has 12 songs") is shown in the dialog and toasted in the server's words.
    onFailed: (error) => {
      const message = serverMessage(error, '');
      toast.error('Failed to delete album', message ? { description: message } : undefined);
    },
  });

  return (
    <section className="flex flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Albums Management</h1>
          <p className="text-muted-foreground">Manage albums, their artists, genres and covers.</p>
        </div>
        <Button onClick={() => setForm({ open: true, album: null })}>
          <PlusIcon aria-hidden="true" />
          Add Album
        </Button>
      </header>

      <AlbumFilters
        filters={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(0);
        }}
      >
        <ExportCsvButton resource={albums} query={query} />
      </AlbumFilters>

      {list.error ? (
        <LoadError text="Error loading albums" onRetry={list.refetch} />
      ) : list.isLoading ? (
        <Spinner label="Loading albums..." className="py-12" />
      ) : (
        <>
          <p className="text-sm text-muted-foreground" data-testid="albums-count" aria-live="polite">
            {formatNumber(list.total)}
            {list.totalExact ? '' : '+'} of {formatNumber(catalogue.total)}
            {catalogue.totalExact ? '' : '+'} albums
          </p>
          {list.rows.length === 0 ? (
            <p className="py-12 text-center text-muted-foreground">No albums found</p>
          ) : (
            <>
              <ul
                aria-label="Albums"
                aria-busy={list.isFetching || undefined}
                className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
              >
                {list.rows.map((album) => (
                  <li key={album.id}>
                    <AlbumCard
                      album={album}
                      onEdit={(a) => setForm({ open: true, album: a })}
                      onDelete={deletion.ask}
                    />
                  </li>
                ))}
              </ul>
              <Pagination
                page={page}
                pageSize={ALBUMS_PAGE_SIZE}
                total={list.total}
                totalExact={list.totalExact}
                onPageChange={setPage}
                noun="albums"
                disabled={list.isFetching}
              />
            </>
          )}
        </>
      )}

      <AlbumFormDialog
        open={form.open}
        album={form.album}
        onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
      />
      <ConfirmDelete
        {...deletion.dialog}
        title="Delete Album"
        description={
          <>
            Are you sure you want to delete <span dir="auto">"{deletion.target?.title}"</span>? This action
            cannot be undone.
          </>
        }
      />
    </section>
  );
}
