import { useState } from 'react';
import type { Playlist } from '../../../contract/playlists';
import type { Song } from '../../../contract/songs';
import { DataTable, dataTableColumns } from '../../components/ui/data-table';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { formatDuration, formatNumber } from '../../lib/format';
import { useList } from '../../lib/resource-hooks';
import { nested, playlists } from '../../lib/resources';
import { formatTotalDuration, playlistErrorMessage } from './playlist-rules';

const PAGE_SIZE = 50;
const col = dataTableColumns<Song>();

function songColumns(page: number) {
  return [
    col.display({ id: 'n', header: '#', cell: ({ row }) => page * PAGE_SIZE + row.index + 1 }),
    col.display({
      id: 'title',
      header: 'Song',
      cell: ({ row: { original: s } }) => (
        <div className="min-w-40">
          <div dir="auto" className="font-medium">
            {s.title}
          </div>
          <div dir="auto" className="text-xs text-muted-foreground">
            {s.artistName} · {s.albumTitle}
          </div>
        </div>
      ),
    }),
    col.display({
      id: 'duration',
      header: 'Duration',
      cell: ({ row: { original: s } }) => formatDuration(s.duration),
    }),
  ];
}

/** The read-only list of a playlist's songs, paged on the server, with the playlist's total duration. */
export function PlaylistSongsDialog({
  playlist,
  onClose,
}: {
  playlist: Playlist | null;
  onClose: () => void;
}) {
  const [page, setPage] = useState(0);
  const songs = useList(
    nested<Song>(playlists, `${playlist?.id ?? 0}/songs`),
    { limit: PAGE_SIZE, offset: page * PAGE_SIZE },
    { enabled: playlist !== null },
  );
  return (
    <Dialog
      open={playlist !== null}
      onOpenChange={(open) => {
        if (open) return;
        setPage(0);
        onClose();
      }}
    >
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle dir="auto">{playlist?.name}</DialogTitle>
          <DialogDescription>
            {formatNumber(playlist?.songCount ?? 0)} songs · total duration{' '}
            {formatTotalDuration(playlist?.totalDuration ?? 0)}
          </DialogDescription>
        </DialogHeader>
        <DataTable
          aria-label="Playlist songs"
          columns={songColumns(page)}
          rows={songs.rows}
          total={songs.total}
          totalExact={songs.totalExact}
          page={page}
          pageSize={PAGE_SIZE}
          onPageChange={setPage}
          getRowId={(s) => String(s.id)}
          isLoading={songs.isLoading}
          error={songs.error ? `Error loading songs: ${playlistErrorMessage(songs.error)}` : null}
          onRetry={songs.refetch}
          loadingText="Loading songs..."
          emptyText="This playlist has no songs"
          noun="songs"
        />
      </DialogContent>
    </Dialog>
  );
}
