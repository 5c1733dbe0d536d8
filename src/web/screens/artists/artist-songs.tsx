import { useState } from 'react';
import type { Song } from '../../../contract/songs';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { DataTable, type DataTableColumn, dataTableColumns } from '../../components/ui/data-table';
import { abbreviateCount, formatDuration, formatNumber } from '../../lib/format';
import { useList } from '../../lib/resource-hooks';
import { songs as songsResource } from '../../lib/resources';

const ARTIST_SONGS_PAGE_SIZE = 50;

const col = dataTableColumns<Song>();
const statusVariant = (status: string): BadgeVariant =>
  status === 'published' ? 'green' : status === 'processing' ? 'blue' : 'grey';

/** Built once per page index: the # column counts across pages. */
function songColumns(page: number): DataTableColumn<Song>[] {
  return [
    col.display({
      id: 'index',
      header: '#',
      meta: { className: 'w-12 text-muted-foreground' },
      cell: ({ row }) => page * ARTIST_SONGS_PAGE_SIZE + row.index + 1,
    }),
    col.display({
      id: 'song',
      header: 'Song',
      cell: ({ row: { original: s } }) => (
        <div className="min-w-0">
          <div dir="auto" className="truncate font-medium">
            {s.title}
          </div>
          <div dir="auto" className="truncate text-xs text-muted-foreground">
            {s.albumTitle}
          </div>
        </div>
      ),
    }),
    col.display({
      id: 'duration',
      header: 'Duration',
      cell: ({ row }) => formatDuration(row.original.duration),
    }),
    col.display({
      id: 'streams',
      header: 'Streams',
      cell: ({ row }) => (
        <span title={formatNumber(row.original.totalStreams)}>
          {abbreviateCount(row.original.totalStreams)}
        </span>
      ),
    }),
    col.display({
      id: 'status',
      header: 'Status',
      cell: ({ row }) => <Badge variant={statusVariant(row.original.status)}>{row.original.status}</Badge>,
    }),
  ];
}

const columnsByPage = new Map<number, DataTableColumn<Song>[]>();
function columnsFor(page: number) {
  let columns = columnsByPage.get(page);
  if (!columns) {
    columns = songColumns(page);
    columnsByPage.set(page, columns);
  }
  return columns;
}

/** The artist's songs, one server page at a time. */
export function ArtistSongs({ artistId }: { artistId: number }) {
  const [page, setPage] = useState(0);
  const songs = useList(songsResource, {
    artistId,
    sort: 'newest',
    limit: ARTIST_SONGS_PAGE_SIZE,
    offset: page * ARTIST_SONGS_PAGE_SIZE,
  });
  return (
    <section aria-labelledby="artist-songs" className="flex flex-col gap-3">
      <h2 id="artist-songs" className="text-xl font-semibold">
        Songs{songs.isLoading || songs.error ? '' : ` (${formatNumber(songs.total)})`}
      </h2>
      <DataTable
        aria-label="Songs"
        columns={columnsFor(page)}
        rows={songs.rows}
        total={songs.total}
        totalExact={songs.totalExact}
        page={page}
        pageSize={ARTIST_SONGS_PAGE_SIZE}
        onPageChange={setPage}
        getRowId={(s) => String(s.id)}
        isLoading={songs.isLoading}
        error={songs.error ? 'Error loading songs' : null}
        onRetry={songs.refetch}
        loadingText="Loading songs..."
        emptyText="No songs yet"
        noun="songs"
      />
    </section>
  );
}
