import type { Playlist } from '../../../contract/playlists';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { ApiError } from '../../lib/api';

/**
 * The badges of a playlist: Featured when featured; then Hidden, else Public (isPublic and not hidden),
 * else Private.
 */
export function playlistBadges(p: Pick<Playlist, 'isFeatured' | 'isPublic' | 'isHidden'>) {
  const badges: { label: string; variant: BadgeVariant }[] = [];
  if (p.isFeatured) badges.push({ label: 'Featured', variant: 'purple' });
  if (p.isHidden) badges.push({ label: 'Hidden', variant: 'red' });
  else if (p.isPublic) badges.push({ label: 'Public', variant: 'green' });
  else badges.push({ label: 'Private', variant: 'grey' });
  return badges;
}

export function PlaylistBadges({ playlist }: { playlist: Playlist }) {
  return (
    <div className="flex gap-1">
      {playlistBadges(playlist).map((b) => (
        <Badge key={b.label} variant={b.variant}>
          {b.label}
        </Badge>
      ))}
    </div>
  );
}

/** Playlist calls fail with "{status}: {status text}" (spec section 8); no answer at all says so. */
export function playlistErrorMessage(error: Error): string {
  if (error instanceof ApiError) return `${error.status}: ${error.statusText}`;
  return error.message;
}

/** A long duration as h:mm:ss, a short one as m:ss. */
export function formatTotalDuration(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
