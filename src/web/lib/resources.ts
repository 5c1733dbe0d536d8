import type { Album, AlbumInput, AlbumListParams } from '../../contract/albums';
import type { Artist, ArtistInput, ArtistListParams } from '../../contract/artists';
import { AUDIT_SORTS, type AuditEntry, type AuditListParams } from '../../contract/audit';
import type { Banner, BannerInput, BannerListParams, BannerUpdate } from '../../contract/banners';
import type { Genre, GenreInput, GenreListParams } from '../../contract/genres';
import {
  ALBUM_SORTS,
  ARTIST_SORTS,
  BANNER_SORTS,
  GENRE_SORTS,
  PLAYLIST_SORTS,
  SONG_SORTS,
  USER_SORTS,
} from '../../contract/list-sorts';
import type { Playlist, PlaylistListParams, PlaylistUpdate } from '../../contract/playlists';
import type { Song, SongInput, SongListParams } from '../../contract/songs';
import type { AppUser, UserListParams, UserUpdate } from '../../contract/users';

/** A group of cached reads that change together; a write invalidates the groups of `INVALIDATES`. */
export type ResourceGroup =
  | 'artists'
  | 'albums'
  | 'songs'
  | 'genres'
  | 'playlists'
  | 'banners'
  | 'users'
  | 'settings'
  | 'dashboard'
  | 'audit'
  | 'openapi';

/**
 * The one table of which writes make which reads stale: a write to the key refetches every read of the
 * listed groups (lists, details, counters). Names and counts are shown across resources, hence the spread;
 * every admin write adds an audit entry, hence `audit` in each.
 */
export const INVALIDATES: Record<ResourceGroup, readonly ResourceGroup[]> = {
  artists: ['artists', 'albums', 'songs', 'dashboard', 'audit'],
  albums: ['albums', 'artists', 'songs', 'dashboard', 'audit'],
  songs: ['songs', 'albums', 'artists', 'playlists', 'dashboard', 'audit'],
  genres: ['genres', 'albums', 'dashboard', 'audit'],
  playlists: ['playlists', 'audit'],
  banners: ['banners', 'dashboard', 'audit'],
  users: ['users', 'playlists', 'dashboard', 'audit'],
  settings: ['settings', 'audit'],
  dashboard: ['dashboard'],
  audit: ['audit'],
  openapi: ['openapi'],
};

/**
 * The list query of a resource: the contract's parsed list params, every one optional (the server
 * applies the contract's defaults): paging, q, sort and the resource's filters.
 */
export type ListQuery = { limit?: number; offset?: number; q?: string | undefined; sort?: string };

/**
 * A server resource as the web reads and writes it. Only types travel in the generics; `path` and
 * `sorts` (the contract's sort values, in its order) are the runtime part.
 */
export interface Resource<Row, Query extends ListQuery = ListQuery, Input = never, Update = Input> {
  readonly group: ResourceGroup;
  readonly path: string;
  readonly sorts: readonly NonNullable<Query['sort']>[];
  /** Type carrier only; never set. */
  readonly types?: { row: Row; query: Query; input: Input; update: Update };
}

export type RowOf<R> = R extends Resource<infer Row, ListQuery, unknown, unknown> ? Row : never;
export type SortOf<R> =
  R extends Resource<unknown, infer Q, unknown, unknown> ? NonNullable<Q['sort']> : never;

function define<Row, Query extends ListQuery, Input = never, Update = Input>(
  group: ResourceGroup,
  path: string,
  sorts: readonly NonNullable<Query['sort']>[] = [],
): Resource<Row, Query, Input, Update> {
  return { group, path, sorts };
}

/** A read below a resource (e.g. `/api/playlists/7/songs`), cached and invalidated with its parent. */
export function nested<Row, Query extends ListQuery = ListQuery>(
  parent: Resource<unknown, ListQuery, unknown, unknown>,
  suffix: string,
): Resource<Row, Query> {
  return define<Row, Query>(parent.group, `${parent.path}/${suffix}`);
}

/** The sort choices of a select: the contract's values in its order, labelled; every value needs a label. */
export function sortOptions<R extends Resource<unknown, ListQuery, unknown, unknown>>(
  resource: R,
  labels: Record<SortOf<R>, string>,
): { value: SortOf<R>; label: string }[] {
  return (resource.sorts as SortOf<R>[]).map((value) => ({ value, label: labels[value] }));
}

export const artists = define<Artist, Partial<ArtistListParams>, ArtistInput>(
  'artists',
  '/api/artists',
  ARTIST_SORTS,
);
export const albums = define<Album, Partial<AlbumListParams>, AlbumInput>(
  'albums',
  '/api/albums',
  ALBUM_SORTS,
);
export const songs = define<Song, Partial<SongListParams>, SongInput>('songs', '/api/songs', SONG_SORTS);
export const genres = define<Genre, Partial<GenreListParams>, GenreInput>(
  'genres',
  '/api/genres',
  GENRE_SORTS,
);
export const playlists = define<Playlist, Partial<PlaylistListParams>, never, PlaylistUpdate>(
  'playlists',
  '/api/playlists',
  PLAYLIST_SORTS,
);
export const banners = define<Banner, Partial<BannerListParams>, BannerInput, BannerUpdate>(
  'banners',
  '/api/banners',
  BANNER_SORTS,
);
export const users = define<AppUser, Partial<UserListParams>, never, UserUpdate>(
  'users',
  '/api/users',
  USER_SORTS,
);
export const settings = define<never, ListQuery>('settings', '/api/settings');
/** The read-only audit log of admin writes (`nested(auditLog, 'admins')` feeds its admin filter). */
export const auditLog = define<AuditEntry, Partial<AuditListParams>>('audit', '/api/audit-log', AUDIT_SORTS);
export const dashboard = define<never, ListQuery>('dashboard', '/api/analytics/dashboard');
/** The OpenAPI document the API Docs screen is rendered from. */
export const openapiDocument = define<never, ListQuery>('openapi', '/api/openapi.json');
