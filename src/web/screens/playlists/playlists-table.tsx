import { EyeIcon, EyeOffIcon, ListMusicIcon, StarIcon, StarOffIcon } from 'lucide-react';
import { useMemo } from 'react';
import type { Playlist } from '../../../contract/playlists';
import { DeleteIconButton } from '../../components/edit-delete-buttons';
import { Button } from '../../components/ui/button';
import {
  DataTable,
  type DataTableColumn,
  dataTableColumns,
  type ServerPage,
} from '../../components/ui/data-table';
import { WithTooltip } from '../../components/ui/tooltip';
import { formatNumber } from '../../lib/format';
import { formatTotalDuration, PlaylistBadges } from './playlist-rules';

export const PLAYLISTS_PAGE_SIZE = 50;

export interface PlaylistActions {
  onView: (p: Playlist) => void;
  onToggle: (p: Playlist, field: 'isFeatured' | 'isHidden') => void;
  onDelete: (p: Playlist) => void;
}

interface PlaylistsTableProps extends PlaylistActions, ServerPage<Playlist> {
  error: string | null;
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
            <DeleteIconButton name={p.name} onDelete={() => onDelete(p)} />
          </div>
        );
      },
    }),
  ];
  return cols;
}

export function PlaylistsTable({ busyId, onView, onToggle, onDelete, ...serverPage }: PlaylistsTableProps) {
  const cols = useMemo(
    () => columns({ onView, onToggle, onDelete }, busyId),
    [onView, onToggle, onDelete, busyId],
  );
  return (
    <DataTable
      {...serverPage}
      aria-label="Playlists"
      columns={cols}
      pageSize={PLAYLISTS_PAGE_SIZE}
      getRowId={(p) => String(p.id)}
      loadingText="Loading playlists..."
      emptyText="No playlists found"
      noun="playlists"
    />
  );
}
