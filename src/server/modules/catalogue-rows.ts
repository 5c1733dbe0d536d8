import type { Insertable } from 'kysely';
import type { AlbumsTable, AppUsersTable, ArtistsTable, GenresTable, SongsTable } from '../db/schema';
import {
  type AlbumCredit,
  albumSearchText,
  appUserSearchText,
  artistSearchText,
  genreSearchText,
  songSearchText,
} from './search-text';

/**
 * The stored row of a catalogue table from its fields: search text from the table's builder, updatedAt
 * equal to createdAt. The demo seed (in batches) and the test fixtures (one row at a time) both write
 * rows through these, so a new derived column is filled in one place.
 */
type Fields<T> = Omit<Insertable<T>, 'searchText' | 'updatedAt'> & { createdAt: string };

export const genreRow = (g: Fields<GenresTable>): Insertable<GenresTable> => ({
  ...g,
  searchText: genreSearchText({ name: g.name, description: g.description ?? null }),
  updatedAt: g.createdAt,
});

export const artistRow = (a: Fields<ArtistsTable>): Insertable<ArtistsTable> => ({
  ...a,
  searchText: artistSearchText({ name: a.name, country: a.country ?? null }),
  updatedAt: a.createdAt,
});

/** `names`: the artists the album is credited to (primary, then collaborators in order). */
export const albumRow = (a: Fields<AlbumsTable>, names: string[]): Insertable<AlbumsTable> => ({
  ...a,
  searchText: albumSearchText({ title: a.title, names }),
  updatedAt: a.createdAt,
});

export const songRow = (s: Fields<SongsTable>, album: AlbumCredit): Insertable<SongsTable> => ({
  ...s,
  searchText: songSearchText(s.title, album),
  updatedAt: s.createdAt,
});

export const appUserRow = (u: Fields<AppUsersTable>): Insertable<AppUsersTable> => ({
  ...u,
  searchText: appUserSearchText({
    firstName: u.firstName ?? null,
    lastName: u.lastName ?? null,
    username: u.username,
    email: u.email,
  }),
  updatedAt: u.createdAt,
});
