import { Badge } from '../../components/ui/badge';

/** Verified or Pending, from the verified flag (spec section 4). */
export function ArtistStatusBadge({ verified }: { verified: boolean }) {
  return <Badge variant={verified ? 'green' : 'yellow'}>{verified ? 'Verified' : 'Pending'}</Badge>;
}
