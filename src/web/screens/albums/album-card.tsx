import { DiscIcon } from 'lucide-react';
import type { Album } from '../../../contract/albums';
import { EditDeleteButtons } from '../../components/edit-delete-buttons';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent } from '../../components/ui/card';
import { abbreviateCount, albumCredit, formatNumber } from '../../lib/format';
import { ArtistCredit } from './artist-credit';

interface AlbumCardProps {
  album: Album;
  onEdit: (album: Album) => void;
  onDelete: (album: Album) => void;
}

/** One album: cover (or a placeholder), title, credit line (spec section 9), badges and figures. */
export function AlbumCard({ album, onEdit, onDelete }: AlbumCardProps) {
  const credit = albumCredit(album);
  const year = album.releaseDate?.slice(0, 4);
  return (
    <Card
      className="gap-3 overflow-hidden pt-0"
      data-testid="album-card"
      aria-label={album.title}
      role="article"
    >
      <div className="relative aspect-square bg-muted">
        {album.coverArt ? (
          <img
            src={album.coverArt}
            alt={`Cover of ${album.title}`}
            loading="lazy"
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full items-center justify-center" data-testid="album-cover-placeholder">
            <DiscIcon aria-hidden="true" className="size-16 text-muted-foreground/60" />
          </div>
        )}
        <Badge variant="green" className="absolute top-2 left-2">
          Published
        </Badge>
      </div>
      <CardContent className="flex flex-col gap-2 px-4">
        <div className="min-w-0">
          <h2 dir="auto" className="truncate font-semibold" title={album.title}>
            {album.title}
          </h2>
          <ArtistCredit
            block
            label={credit}
            className="truncate text-sm text-muted-foreground"
            data-testid="album-credit"
          />
        </div>
        <div className="flex flex-wrap gap-1">
          <Badge variant="outline">{album.albumType === 'collaboration' ? 'Collaboration' : 'Single'}</Badge>
          {album.genreName ? (
            <Badge variant="secondary">
              <span dir="auto">{album.genreName}</span>
            </Badge>
          ) : null}
          {year ? <Badge variant="outline">{year}</Badge> : null}
        </div>
        <div className="flex items-center justify-between">
          <p className="text-xs text-muted-foreground">
            {formatNumber(album.totalTracks)} {album.totalTracks === 1 ? 'track' : 'tracks'} ·{' '}
            {abbreviateCount(album.totalStreams)} streams
          </p>
          <EditDeleteButtons
            name={album.title}
            onEdit={() => onEdit(album)}
            onDelete={() => onDelete(album)}
          />
        </div>
      </CardContent>
    </Card>
  );
}
