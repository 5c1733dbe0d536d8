import { DiscIcon } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Spinner } from '../../components/ui/spinner';
import { formatNumber } from '../../lib/format';
import { useList } from '../../lib/resource-hooks';
import { albums as albumsResource } from '../../lib/resources';

/** The albums shown on an artist's page; the count says when there are more. */
const ARTIST_ALBUMS_LIMIT = 100;

/** The albums an artist is credited on (primary or collaborating), newest release first. */
export function ArtistAlbums({ artistId }: { artistId: number }) {
  const albums = useList(albumsResource, { artistId, sort: 'release', limit: ARTIST_ALBUMS_LIMIT });
  return (
    <section aria-labelledby="artist-albums" className="flex flex-col gap-3">
      <h2 id="artist-albums" className="text-xl font-semibold">
        Albums{albums.isLoading || albums.error ? '' : ` (${formatNumber(albums.total)})`}
      </h2>
      {albums.error ? (
        <p role="alert" className="text-destructive">
          Error loading albums
        </p>
      ) : albums.isLoading ? (
        <Spinner label="Loading albums..." className="justify-start py-4" />
      ) : albums.rows.length === 0 ? (
        <p className="text-muted-foreground">No albums yet</p>
      ) : (
        <ul aria-label="Albums" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {albums.rows.map((album) => (
            <li key={album.id} className="flex gap-3 rounded-lg border p-3">
              {album.coverArt ? (
                <img src={album.coverArt} alt="" className="size-16 shrink-0 rounded-md object-cover" />
              ) : (
                <span className="flex size-16 shrink-0 items-center justify-center rounded-md bg-muted">
                  <DiscIcon aria-hidden="true" className="size-6 text-muted-foreground" />
                </span>
              )}
              <div className="flex min-w-0 flex-col gap-1">
                <span dir="auto" className="truncate font-medium">
                  {album.title}
                </span>
                <span className="text-xs text-muted-foreground">
                  {album.releaseDate ? album.releaseDate.slice(0, 4) : 'No release date'} ·{' '}
                  {formatNumber(album.totalTracks)} tracks
                </span>
                <Badge variant={album.albumType === 'collaboration' ? 'purple' : 'blue'}>
                  {album.albumType === 'collaboration' ? 'Collaboration' : 'Single'}
                </Badge>
              </div>
            </li>
          ))}
        </ul>
      )}
      {albums.total > albums.rows.length && !albums.error ? (
        <p className="text-sm text-muted-foreground">
          Showing {formatNumber(albums.rows.length)} of {formatNumber(albums.total)} albums
        </p>
      ) : null}
    </section>
  );
}
