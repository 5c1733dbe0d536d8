import { DownloadIcon, MusicIcon, PauseIcon, PlayIcon, Trash2Icon } from 'lucide-react';
import { useMemo } from 'react';
import type { Song } from '../../../contract/songs';
import { Button } from '../../components/ui/button';
import { DataTable, type DataTableColumn, dataTableColumns } from '../../components/ui/data-table';
import { WithTooltip } from '../../components/ui/tooltip';
import { abbreviateCount, formatDuration, formatNumber } from '../../lib/format';
import { SONGS_PAGE_SIZE } from './queries';
import { SongStatusBadge } from './song-status-badge';

export interface SongActions {
  playingId: number | null;
  onTogglePlay: (song: Song) => void;
  onDownload: (song: Song) => void;
  onDelete: (song: Song) => void;
}

interface SongsTableProps extends SongActions {
  rows: Song[];
  total: number;
  page: number;
  onPageChange: (page: number) => void;
  isLoading: boolean;
  error: boolean;
}

const col = dataTableColumns<Song>();

function Count({ value }: { value: number }) {
  return <span title={formatNumber(value)}>{abbreviateCount(value)}</span>;
}

function columns(page: number, actions: SongActions): DataTableColumn<Song>[] {
  const { playingId, onTogglePlay, onDownload, onDelete } = actions;
  return [
    col.display({
      id: 'index',
      header: '#',
      meta: { className: 'w-12 text-muted-foreground tabular-nums' },
      cell: ({ row }) => page * SONGS_PAGE_SIZE + row.index + 1,
    }),
    col.display({
      id: 'song',
      header: 'Song',
      cell: ({ row: { original: s } }) => (
        <div className="flex min-w-0 items-center gap-3">
          <div className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded bg-muted">
            {s.coverArt ? (
              <img src={s.coverArt} alt="" loading="lazy" className="size-full object-cover" />
            ) : (
              <MusicIcon aria-hidden="true" className="size-4 text-muted-foreground" />
            )}
          </div>
          <div className="min-w-0">
            <div dir="auto" className="truncate font-medium">
              {s.title}
            </div>
            <div className="truncate text-xs text-muted-foreground">
              <span dir="auto">{s.albumTitle}</span> · <span dir="auto">{s.artistName}</span>
            </div>
          </div>
        </div>
      ),
    }),
    col.display({
      id: 'duration',
      header: 'Duration',
      meta: { className: 'tabular-nums' },
      cell: ({ row: { original: s } }) => formatDuration(s.duration),
    }),
    col.display({
      id: 'streams',
      header: 'Streams',
      cell: ({ row: { original: s } }) => <Count value={s.totalStreams} />,
    }),
    col.display({
      id: 'likes',
      header: 'Likes',
      cell: ({ row: { original: s } }) => <Count value={s.likesCount} />,
    }),
    col.display({
      id: 'downloads',
      header: 'Downloads',
      cell: ({ row: { original: s } }) => <Count value={s.downloadsCount} />,
    }),
    col.display({
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: s } }) => <SongStatusBadge status={s.status} />,
    }),
    col.display({
      id: 'actions',
      header: 'Actions',
      meta: { className: 'w-32', headerClassName: 'w-32' },
      cell: ({ row: { original: s } }) => {
        const playing = playingId === s.id;
        const label = `${playing ? 'Pause' : 'Play'} ${s.title}`;
        return (
          <div className="flex gap-1">
            <WithTooltip label={s.audioFileUrl ? (playing ? 'Pause' : 'Play preview') : 'No audio file'}>
              <Button
                variant="ghost"
                size="icon"
                aria-label={label}
                aria-pressed={playing}
                disabled={!s.audioFileUrl}
                onClick={() => onTogglePlay(s)}
              >
                {playing ? <PauseIcon aria-hidden="true" /> : <PlayIcon aria-hidden="true" />}
              </Button>
            </WithTooltip>
            <WithTooltip label="Download">
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Download ${s.title}`}
                onClick={() => onDownload(s)}
              >
                <DownloadIcon aria-hidden="true" />
              </Button>
            </WithTooltip>
            <WithTooltip label="Delete">
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Delete ${s.title}`}
                className="text-destructive hover:text-destructive"
                onClick={() => onDelete(s)}
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            </WithTooltip>
          </div>
        );
      },
    }),
  ];
}

/** One server page of songs (50 rows) with the spec's columns and pagination below. */
export function SongsTable({
  rows,
  total,
  page,
  onPageChange,
  isLoading,
  error,
  playingId,
  onTogglePlay,
  onDownload,
  onDelete,
}: SongsTableProps) {
  const cols = useMemo(
    () => columns(page, { playingId, onTogglePlay, onDownload, onDelete }),
    [page, playingId, onTogglePlay, onDownload, onDelete],
  );
  return (
    <DataTable
      aria-label="Songs"
      columns={cols}
      rows={rows}
      total={total}
      page={page}
      pageSize={SONGS_PAGE_SIZE}
      onPageChange={onPageChange}
      getRowId={(song) => String(song.id)}
      isLoading={isLoading}
      error={error ? 'Error loading songs' : null}
      loadingText="Loading songs..."
      emptyText="No songs found"
      noun="songs"
    />
  );
}
