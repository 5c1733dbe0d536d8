import { Tabs } from 'radix-ui';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { PLAYLIST_FILTERS, type Playlist, type PlaylistCounts } from '../../../contract/playlists';
import { ExportCsvButton } from '../../components/export-csv-button';
import { ConfirmDelete } from '../../components/ui/alert-dialog';
import { SearchInput } from '../../components/ui/search-input';
import { formatNumber } from '../../lib/format';
import { useList, useRead, useRemove, useToggle } from '../../lib/resource-hooks';
import { playlists } from '../../lib/resources';
import { useDeleteConfirmation } from '../../lib/use-delete-confirmation';
import { playlistErrorMessage } from './playlist-rules';
import { PlaylistSongsDialog } from './playlist-songs-dialog';
import { PLAYLISTS_PAGE_SIZE, PlaylistsTable } from './playlists-table';

type Filter = (typeof PLAYLIST_FILTERS)[number];
const LABELS: Record<Filter, string> = {
  all: 'All',
  featured: 'Featured',
  public: 'Public',
  hidden: 'Hidden',
};

export default function PlaylistsScreen() {
  const [q, setQ] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(0);
  const [viewing, setViewing] = useState<Playlist | null>(null);
  const list = useList(playlists, {
    q,
    filter,
    limit: PLAYLISTS_PAGE_SIZE,
    offset: page * PLAYLISTS_PAGE_SIZE,
  });
  // The counters count the whole table, whatever the search.
  const counts = useRead<PlaylistCounts>(playlists, 'counts');
  const toggle = useToggle(playlists);
  const deletion = useDeleteConfirmation<Playlist>(useRemove(playlists), {
    failedText: 'Failed to delete playlist',
    onDeleted: () => {
      toast.success('Playlist deleted successfully');
      if (list.rows.length === 1 && page > 0) setPage(page - 1);
    },
    onFailed: () => toast.error('Failed to delete playlist'),
  });

  const onToggle = useCallback(
    (p: Playlist, field: 'isFeatured' | 'isHidden') =>
      toggle.mutate(
        { id: p.id, field, value: !p[field] },
        {
          onSuccess: () => toast.success('Playlist updated successfully'),
          onError: () => toast.error('Failed to update playlist'),
        },
      ),
    [toggle.mutate],
  );

  return (
    <section className="flex flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Playlists Management</h1>
        <p className="text-muted-foreground">Feature, hide or remove the playlists your listeners made.</p>
      </header>

      <ul aria-label="Playlist counters" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {PLAYLIST_FILTERS.map((f) => (
          <li key={f} className="rounded-lg border bg-card p-4 shadow-sm">
            <div className="text-sm text-muted-foreground">{LABELS[f]}</div>
            <div className="text-2xl font-bold" data-testid={`count-${f}`}>
              {counts.data ? formatNumber(counts.data[f]) : '—'}
            </div>
          </li>
        ))}
      </ul>

      <div className="flex flex-wrap items-center gap-3">
        <Tabs.Root
          value={filter}
          onValueChange={(value) => {
            setFilter(value as Filter);
            setPage(0);
          }}
        >
          <Tabs.List aria-label="Show playlists" className="inline-flex rounded-lg bg-muted p-1">
            {PLAYLIST_FILTERS.map((f) => (
              <Tabs.Trigger
                key={f}
                value={f}
                className="cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm"
              >
                {LABELS[f]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Tabs.Root>
        <SearchInput
          aria-label="Search playlists"
          placeholder="Search playlists by name, description or creator..."
          className="max-w-md min-w-60 flex-1"
          onSearch={(value) => {
            setQ(value);
            setPage(0);
          }}
        />
        <ExportCsvButton resource={playlists} query={{ q, filter }} />
      </div>

      <PlaylistsTable
        rows={list.rows}
        total={list.total}
        totalExact={list.totalExact}
        page={page}
        onPageChange={setPage}
        isLoading={list.isLoading}
        error={list.error ? `Error loading playlists: ${playlistErrorMessage(list.error)}` : null}
        onRetry={list.refetch}
        busyId={toggle.isPending ? (toggle.variables?.id ?? null) : null}
        onView={setViewing}
        onToggle={onToggle}
        onDelete={deletion.ask}
      />

      <PlaylistSongsDialog playlist={viewing} onClose={() => setViewing(null)} />
      <ConfirmDelete
        {...deletion.dialog}
        title="Delete Playlist"
        description={
          <>
            Are you sure you want to delete <span dir="auto">"{deletion.target?.name}"</span>? Its songs stay
            in the catalogue. This action cannot be undone.
          </>
        }
      />
    </section>
  );
}
