/**
 * The sort values of each admin list, in the order the screens offer them. Plain constants (no zod) so
 * the web can read them without loading the schemas; the list query schemas are built from them.
 */
export const ARTIST_SORTS = ['newest', 'oldest', 'name', 'streams'] as const;
export const ALBUM_SORTS = ['newest', 'oldest', 'title', 'release'] as const;
export const SONG_SORTS = ['newest', 'oldest', 'most_played', 'most_liked'] as const;
export const GENRE_SORTS = ['name', 'newest', 'oldest'] as const;
export const PLAYLIST_SORTS = ['newest', 'oldest', 'name', 'songs'] as const;
export const BANNER_SORTS = ['priority', 'newest', 'oldest'] as const;
export const USER_SORTS = ['newest', 'oldest', 'name'] as const;
