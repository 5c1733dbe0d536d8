import { cn } from '../../lib/cn';

/** The artist's image, or the first letter of their name on a tinted circle. */
export function ArtistAvatar({
  name,
  avatar,
  className,
}: {
  name: string;
  avatar: string | null;
  className?: string;
}) {
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return avatar ? (
    <img src={avatar} alt="" className={cn('size-10 shrink-0 rounded-full object-cover', className)} />
  ) : (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-full bg-muted font-semibold text-muted-foreground',
        className,
      )}
    >
      {initial}
    </span>
  );
}
