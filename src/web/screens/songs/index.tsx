import { useMutation } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Song } from '../../../contract/songs';
import { ExportCsvButton } from '../../components/export-csv-button';
import { ConfirmDelete } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { downloadFile } from '../../lib/download';
import { serverMessage } from '../../lib/error-message';
import { useList, useRemove } from '../../lib/resource-hooks';
import { songs } from '../../lib/resources';
import { useDeleteConfirmation } from '../../lib/use-delete-confirmation';
import { defaultSongFilters, type SongFilters as Filters, SongFilters } from './song-filters';
import { SONGS_PAGE_SIZE, SongsTable } from './songs-table';
import { usePreviewPlayer } from './use-preview-player';

export default function SongsScreen() {
  const navigate = useNavigate();
  const [filters, setFilters] = useState<Filters>(defaultSongFilters);
  const [page, setPage] = useState(0);
  const query = {
    q: filters.q,
    language: filters.language ?? undefined,
    status: filters.status ?? undefined,
    sort: filters.sort,
  };
  const list = useList(songs, { ...query, limit: SONGS_PAGE_SIZE, offset: page * SONGS_PAGE_SIZE });
  // Rows are numbered by the page they came from, not the one still loading.
  const [rowsPage, setRowsPage] = useState(0);
  useEffect(() => {
    if (!list.isFetching) setRowsPage(page);
  }, [list.isFetching, page]);
  const player = usePreviewPlayer();
  const download = useMutation({
    mutationFn: (song: Song) => downloadFile(`${songs.path}/${song.id}/download`, `${song.title}.mp3`),
  });
  const deletion = useDeleteConfirmation<Song>(useRemove(songs), {
    failedText: 'Failed to delete song',
    onDeleted: (song) => {
      if (player.playingId === song.id) player.stop();
      toast.success('Song deleted successfully');
      if (list.rows.length === 1 && page > 0) setPage(page - 1);
    },
    onFailed: (error) => {
      const message = serverMessage(error, '');
      toast.error('Failed to delete song', message ? { description: message } : undefined);
    },
  });

  const onTogglePlay = player.toggle;
  const onDownload = useCallback(
    (song: Song) => {
      if (!song.audioFileUrl) {
        toast.error('No audio file available for download');
        return;
      }
      download.mutate(song, { onError: () => toast.error('Failed to download song') });
    },
    [download.mutate],
  );

  return (
    <section className="flex flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Songs Management</h1>
          <p className="text-muted-foreground">
            Browse, preview, download and remove songs of the catalogue.
          </p>
        </div>
        <Button onClick={() => navigate('/upload')}>
          <PlusIcon aria-hidden="true" />
          Add Song
        </Button>
      </header>

      <SongFilters
        filters={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(0);
        }}
      >
        <ExportCsvButton resource={songs} query={query} />
      </SongFilters>

      <SongsTable
        rows={list.rows}
        total={list.total}
        totalExact={list.totalExact}
        page={page}
        rowsPage={list.isFetching ? rowsPage : page}
        onPageChange={setPage}
        isLoading={list.isLoading}
        error={Boolean(list.error)}
        onRetry={list.refetch}
        playingId={player.playingId}
        onTogglePlay={onTogglePlay}
        onDownload={onDownload}
        onDelete={deletion.ask}
      />

      {/* The one player of the screen: one song at a time. */}
      <audio {...player.audioProps} preload="none" className="hidden" data-testid="preview-audio" />

      <ConfirmDelete
        {...deletion.dialog}
        title="Delete Song"
        description={
          <>
            Are you sure you want to delete <span dir="auto">"{deletion.target?.title}"</span>? This will only
            delete the song, not the album.
          </>
        }
      />
    </section>
  );
}
