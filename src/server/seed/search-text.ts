import { searchDocument } from '../../contract/search-fold';

/**
 * The search documents of the seeded genres, artists and banners, from the same fields their
 * repositories index (albums, songs, app users and playlists reuse the functions their modules export).
 */
export const genreSearchText = (g: { name: string; description: string | null }) =>
  searchDocument(g.name, g.description);

export const artistSearchText = (a: { name: string; country: string | null }) =>
  searchDocument(a.name, a.country);

export const bannerSearchText = (b: { title: string; description: string | null }) =>
  searchDocument(b.title, b.description);
