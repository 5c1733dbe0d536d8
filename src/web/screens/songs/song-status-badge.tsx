import { Badge, type BadgeVariant } from '../../components/ui/badge';

/** Published green, processing blue, any other status (e.g. draft) grey (spec section 4). */
export function songStatusVariant(status: string): BadgeVariant {
  if (status === 'published') return 'green';
  if (status === 'processing') return 'blue';
  return 'grey';
}

export function SongStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={songStatusVariant(status)} className="capitalize">
      {status}
    </Badge>
  );
}
