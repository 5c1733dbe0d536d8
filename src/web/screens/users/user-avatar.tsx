/** The user's profile image, or the first letter of their display name on a tinted circle. */
export function UserAvatar({ name, image }: { name: string; image: string | null }) {
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return image ? (
    <img src={image} alt="" className="size-10 shrink-0 rounded-full object-cover" />
  ) : (
    <span
      aria-hidden="true"
      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted font-semibold text-muted-foreground"
    >
      {initial}
    </span>
  );
}
