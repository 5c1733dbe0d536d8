/**
 * The credit line of an album (spec section 9): up to two names joined with "&", otherwise the first
 * name plus "N others"; no collaborators gives "Various Artists".
 */
export function collaboratorsLabel(names: readonly string[]): string {
  const [first, second] = names;
  if (first === undefined) return 'Various Artists';
  if (second === undefined) return first;
  if (names.length === 2) return `${first} & ${second}`;
  return `${first} + ${names.length - 1} others`;
}

export const UNKNOWN_ARTIST = 'Unknown Artist';

export function albumCredit(album: {
  albumType: 'single' | 'collaboration';
  primaryArtistName: string | null;
  collaboratingArtists: readonly string[];
}): string {
  if (album.albumType === 'collaboration') return collaboratorsLabel(album.collaboratingArtists);
  return album.primaryArtistName ?? UNKNOWN_ARTIST;
}
