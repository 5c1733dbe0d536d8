import { EyeIcon } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { Artist } from '../../../contract/artists';
import { EditDeleteButtons } from '../../components/edit-delete-buttons';
import { buttonVariants } from '../../components/ui/button';
import {
  DataTable,
  type DataTableColumn,
  dataTableColumns,
  type ServerPage,
} from '../../components/ui/data-table';
import { WithTooltip } from '../../components/ui/tooltip';
import { abbreviateCount, formatNumber } from '../../lib/format';
import { ArtistAvatar } from './artist-avatar';
import { ArtistStatusBadge } from './artist-status-badge';
export const ARTISTS_PAGE_SIZE = 50;

interface ArtistsTableProps extends ServerPage<Artist> {
  error: boolean;
  onEdit: (artist: Artist) => void;
  onDelete: (artist: Artist) => void;
}

const col = dataTableColumns<Artist>();
const plural = (n: number, word: string) => `${formatNumber(n)} ${word}${n === 1 ? '' : 's'}`;

function columns(onEdit: (a: Artist) => void, onDelete: (a: Artist) => void): DataTableColumn<Artist>[] {
  return [
    col.display({
      id: 'artist',
      header: 'Artist',
      cell: ({ row: { original: a } }) => (
        <div className="flex min-w-0 items-center gap-3">
          <ArtistAvatar name={a.name} avatar={a.avatar} />
          <div className="min-w-0">
            <div dir="auto" className="truncate font-medium">
              {a.name}
            </div>
            <div className="text-xs text-muted-foreground">
              {abbreviateCount(a.monthlyListeners)} monthly listeners
            </div>
          </div>
        </div>
      ),
    }),
    col.display({
      id: 'country',
      header: 'Country',
      cell: ({ row: { original: a } }) => <span dir="auto">{a.country || '—'}</span>,
    }),
    col.display({
      id: 'content',
      header: 'Content',
      cell: ({ row: { original: a } }) => (
        <div className="text-sm">
          <div>{plural(a.albumCount, 'album')}</div>
          <div className="text-xs text-muted-foreground">{plural(a.songCount, 'song')}</div>
        </div>
      ),
    }),
    col.display({
      id: 'followers',
      header: 'Followers',
      cell: ({ row: { original: a } }) => (
        <span title={formatNumber(a.followersCount)}>{abbreviateCount(a.followersCount)}</span>
      ),
    }),
    col.display({
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: a } }) => <ArtistStatusBadge verified={a.verified} />,
    }),
    col.display({
      id: 'actions',
      header: () => <span className="sr-only sm:not-sr-only">Actions</span>,
      meta: { className: 'w-32', headerClassName: 'w-32' },
      cell: ({ row: { original: a } }) => (
        <EditDeleteButtons name={a.name} onEdit={() => onEdit(a)} onDelete={() => onDelete(a)}>
          <WithTooltip label="View">
            <Link
              to={`/artists/${a.id}`}
              aria-label={`View ${a.name}`}
              className={buttonVariants({ variant: 'ghost', size: 'icon' })}
            >
              <EyeIcon aria-hidden="true" />
            </Link>
          </WithTooltip>
        </EditDeleteButtons>
      ),
    }),
  ];
}

export function ArtistsTable({ error, onEdit, onDelete, ...serverPage }: ArtistsTableProps) {
  const cols = useMemo(() => columns(onEdit, onDelete), [onEdit, onDelete]);
  return (
    <DataTable
      {...serverPage}
      aria-label="Artists"
      columns={cols}
      pageSize={ARTISTS_PAGE_SIZE}
      getRowId={(a) => String(a.id)}
      error={error ? 'Error loading artists' : null}
      loadingText="Loading artists..."
      emptyText="No artists found"
      noun="artists"
    />
  );
}
