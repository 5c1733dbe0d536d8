import { searchDocument } from '../../contract/search-fold';
import { userDisplayName } from '../../contract/users';

/**
 * The one search-text builder per searchable table: which fields a row is found by. Repositories, the
 * demo seed and test row builders all store `search_text` through these, so a table's searchable fields
 * are named once. (Albums and songs also take their credits: catalogue-search.ts keeps those current.)
 */

export const genreSearchText = (g: { name: string; description: string | null }): string =>
  searchDocument(g.name, g.description);

export const artistSearchText = (a: { name: string; country: string | null }): string =>
  searchDocument(a.name, a.country);

/** An album's title and the names it is credited to (primary artist, then collaborators in order). */
export interface AlbumCredit {
  title: string;
  names: string[];
}

export const albumSearchText = (credit: AlbumCredit): string => searchDocument(credit.title, ...credit.names);

/** A song is found by its title, its album's title and that album's artists' names. */
export const songSearchText = (title: string, credit: AlbumCredit): string =>
  searchDocument(title, credit.title, ...credit.names);

export const bannerSearchText = (b: { title: string; description: string | null }): string =>
  searchDocument(b.title, b.description);

/** An app user: names, username and email. */
export const appUserSearchText = (u: {
  firstName: string | null;
  lastName: string | null;
  username: string;
  email: string;
}): string => searchDocument(u.firstName, u.lastName, u.username, u.email);

type PlaylistOwner = { firstName: string | null; lastName: string | null; username: string };

/** A playlist: its name, description and its creator's names. */
export const playlistSearchText = (
  p: { name: string; description: string | null },
  owner: PlaylistOwner | null | undefined,
): string => searchDocument(p.name, p.description, owner && userDisplayName(owner), owner?.username);
