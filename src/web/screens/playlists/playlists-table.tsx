import { EyeIcon, EyeOffIcon, ListMusicIcon, StarIcon, StarOffIcon, Trash2Icon } from 'lucide-react';
import { useMemo } from 'react';
import type { Playlist } from '../../../contract/playlists';
import { Button } from '../../components/ui/button';
import { DataTable, type DataTableColumn, dataTableColumns } from '../../components/ui/data-table';
import { WithTooltip } from '../../components/ui/tooltip';
import { formatNumber } from '../../lib/format';
import { formatTotalDuration, PlaylistBadges } from './playlist-rules';

export const PLAYLISTS_PAGE_SIZE = 50;

export interface PlaylistActions {
  onView: (p: Playlist) => void;
  onToggle: (p: Playlist, field: 'isFeatured' | 'isHidden') => void;
  onDelete: (p: Playlist) => void;
}

interface PlaylistsTableProps extends PlaylistActions {
  rows: Playlist[];
  total: number;
  /** False when `total` is a lower bound (more than 10,000 rows match). */
  totalExact?: boolean;
  page: number;
  onPageChange: (page: number) => void;
  isLoading: boolean;
  error: string | null;
  onRetry: () => void;
  /** The playlist whose toggle is being saved: its buttons wait. */
  busyId: number | null;
}

const col = dataTableColumns<Playlist>();
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function columns({ onView, onToggle, onDelete }: PlaylistActions, busyId: number | null) {
  const cols: DataTableColumn<Playlist>[] = [
    col.display({
      id: 'playlist',
      header: 'Playlist',
      cell: ({ row: { original: p } }) => (
        <div className="min-w-48 max-w-80">
          <button
            type="button"
            className="cursor-pointer text-left font-medium hover:underline"
            dir="auto"
            onClick={() => onView(p)}
          >
            {p.name}
          </button>
          {p.description ? (
            <div dir="auto" className="truncate text-xs text-muted-foreground">
              {p.description}
            </div>
          ) : null}
        </div>
      ),
    }),
    col.display({
      id: 'createdBy',
      header: 'Created by',
      cell: ({ row: { original: p } }) => <span dir="auto">{p.createdBy ?? '—'}</span>,
    }),
    col.display({
      id: 'songs',
      header: 'Songs',
      cell: ({ row: { original: p } }) => (
        <div className="whitespace-nowrap">
          {formatNumber(p.songCount)}
          <span className="text-xs text-muted-foreground"> · {formatTotalDuration(p.totalDuration)}</span>
        </div>
      ),
    }),
    col.display({
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: p } }) => <PlaylistBadges playlist={p} />,
    }),
    col.display({
      id: 'created',
      header: 'Created',
      cell: ({ row: { original: p } }) => (
        <span className="whitespace-nowrap">{dateFormat.format(new Date(p.createdAt))}</span>
      ),
    }),
    col.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row: { original: p } }) => {
        const busy = busyId === p.id;
        return (
          <div className="flex gap-1">
            <WithTooltip label="View songs">
              <Button
                variant="ghost"
                size="icon"
                aria-label={`View songs of ${p.name}`}
                onClick={() => onView(p)}
              >
                <ListMusicIcon aria-hidden="true" />
              </Button>
            </WithTooltip>
            <Button variant="outline" size="sm" disabled={busy} onClick={() => onToggle(p, 'isFeatured')}>
              {p.isFeatured ? <StarOffIcon aria-hidden="true" /> : <StarIcon aria-hidden="true" />}
              {p.isFeatured ? 'Unfeature' : 'Feature'}
            </Button>
            <Button variant="outline" size="sm" disabled={busy} onClick={() => onToggle(p, 'isHidden')}>
              {p.isHidden ? <EyeIcon aria-hidden="true" /> : <EyeOffIcon aria-hidden="true" />}
              {p.isHidden ? 'Show' : 'Hide'}
            </Button>
            <WithTooltip label="Delete">
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Delete ${p.name}`}
                className="text-destructive hover:text-destructive"
                onClick={() => onDelete(p)}
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            </WithTooltip>
          </div>
        );
      },
    }),
  ];
  return cols;
}

export function PlaylistsTable({
  rows,
  total,
  totalExact,
  page,
  onPageChange,
  isLoading,
  error,
  onRetry,
  busyId,
  onView,
  onToggle,
  onDelete,
}: PlaylistsTableProps) {
  const cols = useMemo(
    () => columns({ onView, onToggle, onDelete }, busyId),
    [onView, onToggle, onDelete, busyId],
  );
  return (
    <DataTable
      aria-label="Playlists"
      columns={cols}
      rows={rows}
      total={total}
      totalExact={totalExact}
      page={page}
      pageSize={PLAYLISTS_PAGE_SIZE}
      onPageChange={onPageChange}
      getRowId={(p) => String(p.id)}
      isLoading={isLoading}
      error={error}
      onRetry={onRetry}
      loadingText="Loading playlists..."
      emptyText="No playlists found"
      noun="playlists"
    />
  );
}
