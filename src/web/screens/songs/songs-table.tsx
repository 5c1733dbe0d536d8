import { DownloadIcon, MusicIcon, PauseIcon, PlayIcon, Trash2Icon } from 'lucide-react';
import { useMemo } from 'react';
import type { Song } from '../../../contract/songs';
import { Button } from '../../components/ui/button';
import {
  DataTable,
  type DataTableColumn,
  dataTableColumns,
  type ServerPage,
} from '../../components/ui/data-table';
import { abbreviateCount, formatDuration, formatNumber } from '../../lib/format';
import { ArtistCredit } from '../albums/artist-credit';
export const SONGS_PAGE_SIZE = 50;

import { SongStatusBadge } from './song-status-badge';

export interface SongActions {
  playingId: number | null;
  onTogglePlay: (song: Song) => void;
  onDownload: (song: Song) => void;
  onDelete: (song: Song) => void;
}

interface SongsTableProps extends SongActions, ServerPage<Song> {
  /** The page the rows shown belong to (the previous page stays shown while the next one loads). */
  rowsPage: number;
  error: boolean;
}

const col = dataTableColumns<Song>();

function Count({ value }: { value: number }) {
  return <span title={formatNumber(value)}>{abbreviateCount(value)}</span>;
}

function columns(rowsPage: number, actions: SongActions): DataTableColumn<Song>[] {
  const { playingId, onTogglePlay, onDownload, onDelete } = actions;
  return [
    col.display({
      id: 'index',
      header: '#',
      meta: { className: 'w-12 text-muted-foreground tabular-nums' },
      cell: ({ row }) => rowsPage * SONGS_PAGE_SIZE + row.index + 1,
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
              <span dir="auto">{s.albumTitle}</span> · <ArtistCredit label={s.artistName} />
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
        // Native titles, not Radix tooltips: 150 tooltip roots made every page render ~45 ms slower.
        return (
          <div className="flex gap-1">
            <Button
              variant="ghost"
              size="icon"
              aria-label={label}
              title={s.audioFileUrl ? (playing ? 'Pause' : 'Play preview') : 'No audio file'}
              disabled={!s.audioFileUrl}
              onClick={() => onTogglePlay(s)}
            >
              {playing ? <PauseIcon aria-hidden="true" /> : <PlayIcon aria-hidden="true" />}
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Download ${s.title}`}
              title="Download"
              onClick={() => onDownload(s)}
            >
              <DownloadIcon aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete ${s.title}`}
              title="Delete"
              className="text-destructive hover:text-destructive"
              onClick={() => onDelete(s)}
            >
              <Trash2Icon aria-hidden="true" />
            </Button>
          </div>
        );
      },
    }),
  ];
}

/** One server page of songs (50 rows) with the spec's columns and pagination below. */
export function SongsTable({
  rowsPage,
  error,
  playingId,
  onTogglePlay,
  onDownload,
  onDelete,
  ...serverPage
}: SongsTableProps) {
  const cols = useMemo(
    () => columns(rowsPage, { playingId, onTogglePlay, onDownload, onDelete }),
    [rowsPage, playingId, onTogglePlay, onDownload, onDelete],
  );
  return (
    <DataTable
      {...serverPage}
      aria-label="Songs"
      columns={cols}
      pageSize={SONGS_PAGE_SIZE}
      getRowId={(song) => String(song.id)}
      error={error ? 'Error loading songs' : null}
      loadingText="Loading songs..."
      emptyText="No songs found"
      noun="songs"
    />
  );
}
