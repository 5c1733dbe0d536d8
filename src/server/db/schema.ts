import type { ColumnType, Generated } from 'kysely';

/** SQLite hands booleans back as 0/1, PostgreSQL as true/false; writes are always booleans. */
export type Bool = ColumnType<boolean | number, boolean, boolean>;
/** ISO-8601 UTC timestamps stored as text in both dialects (see docs/decisions/0001-timestamps-as-text.md). */
export type Timestamp = string;
type Id = Generated<number>;

export interface AdminsTable {
  id: Id;
  username: string;
  email: string | null;
  passwordHash: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AdminSessionsTable {
  id: Id;
  tokenHash: string;
  adminId: number;
  createdAt: Timestamp;
  lastSeenAt: Timestamp;
  userAgent: string | null;
  ip: string | null;
}

export interface LoginThrottleTable {
  key: string;
  attempts: number;
  /** Epoch milliseconds, like delayMs and nextAt (see migration 006). */
  windowStart: number;
  delayMs: number;
  nextAt: number;
}

export interface GenresTable {
  id: Id;
  name: string;
  description: string | null;
  color: string | null;
  isActive: Bool;
  searchText: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ArtistsTable {
  id: Id;
  name: string;
  country: string | null;
  bio: string | null;
  avatar: string | null;
  verified: Bool;
  searchText: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AlbumsTable {
  id: Id;
  title: string;
  albumType: 'single' | 'collaboration';
  primaryArtistId: number | null;
  genreId: number | null;
  releaseDate: string | null;
  description: string | null;
  coverArt: string | null;
  searchText: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AlbumArtistsTable {
  albumId: number;
  artistId: number;
  position: number;
}

export interface SongsTable {
  id: Id;
  title: string;
  lyricist: string | null;
  albumId: number;
  genreId: number | null;
  audioFileUrl: string | null;
  audioFileSize: number | null;
  audioSha256: string | null;
  duration: number | null;
  lyrics: string | null;
  language: string | null;
  status: string;
  totalStreams: Generated<number>;
  likesCount: Generated<number>;
  downloadsCount: Generated<number>;
  searchText: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AppUsersTable {
  id: Id;
  firstName: string | null;
  lastName: string | null;
  username: string;
  email: string;
  profileImage: string | null;
  signupMethod: string;
  isPremium: Bool;
  isActive: Bool;
  passwordHash: string | null;
  searchText: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** An app user's signed-in device: an access token and the refresh token that renews it (hashes only). */
export interface AppUserTokensTable {
  id: Id;
  userId: number;
  tokenHash: string;
  refreshHash: string;
  createdAt: Timestamp;
  lastUsedAt: Timestamp;
  expiresAt: Timestamp;
  refreshExpiresAt: Timestamp;
  revokedAt: Timestamp | null;
  userAgent: string | null;
}

export interface AppUserIdentitiesTable {
  provider: string;
  subject: string;
  userId: number;
  createdAt: Timestamp;
}

export interface PasswordResetTokensTable {
  id: Id;
  userId: number;
  tokenHash: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
}

/** When a stream of a song by an app user last counted (see migration 010). */
export interface StreamClaimsTable {
  userId: number;
  songId: number;
  /** Epoch milliseconds. */
  countedAt: number;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  /** Epoch milliseconds when the window ends. */
  resetAt: ColumnType<number, number, number>;
}

export interface PlaylistsTable {
  id: Id;
  name: string;
  description: string | null;
  userId: number | null;
  isPublic: Bool;
  isFeatured: Bool;
  isHidden: Bool;
  searchText: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface PlaylistSongsTable {
  playlistId: number;
  songId: number;
  position: number;
  addedAt: Timestamp;
}

export interface BannersTable {
  id: Id;
  title: string;
  description: string | null;
  imageUrl: string | null;
  targetUrl: string | null;
  position: 'hero' | 'sidebar' | 'footer' | 'popup';
  startDate: string | null;
  endDate: string | null;
  priority: number;
  isActive: Bool;
  clickCount: Generated<number>;
  impressionCount: Generated<number>;
  searchText: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SettingsTable {
  key: string;
  value: string;
  updatedAt: Timestamp;
}

export interface SongLikesTable {
  userId: number;
  songId: number;
  createdAt: Timestamp;
}

export interface ArtistFollowsTable {
  userId: number;
  artistId: number;
  createdAt: Timestamp;
}

export interface StreamEventsTable {
  id: Id;
  songId: number;
  userId: number | null;
  deviceType: string | null;
  platform: string | null;
  location: string | null;
  createdAt: Timestamp;
}

export interface DownloadEventsTable {
  id: Id;
  songId: number;
  userId: number | null;
  createdAt: Timestamp;
}

/** A file the server stored (see migrations/004-media-files.ts). */
export interface MediaFilesTable {
  url: string;
  kind: 'audio' | 'image';
  contentType: string;
  size: number;
  sha256: string;
  duration: number | null;
  createdAt: Timestamp;
}

/** The dashboard's figures, kept by triggers (migrations/008-dashboard-counters.ts); a figure is the sum of its slots. */
export interface DashboardCountersTable {
  name: string;
  slot: number;
  value: number;
}

export interface AuditLogTable {
  id: Id;
  at: Timestamp;
  adminId: number | null;
  adminUsername: string;
  resource: string;
  recordId: number | null;
  recordLabel: string | null;
  action: string;
  /** JSON text: the AuditChange list of src/contract/audit.ts. */
  changes: string;
}

export interface DB {
  admins: AdminsTable;
  adminSessions: AdminSessionsTable;
  loginThrottle: LoginThrottleTable;
  dashboardCounters: DashboardCountersTable;
  genres: GenresTable;
  artists: ArtistsTable;
  albums: AlbumsTable;
  albumArtists: AlbumArtistsTable;
  songs: SongsTable;
  appUsers: AppUsersTable;
  appUserTokens: AppUserTokensTable;
  passwordResetTokens: PasswordResetTokensTable;
  appUserIdentities: AppUserIdentitiesTable;
  rateLimits: RateLimitsTable;
  streamClaims: StreamClaimsTable;
  playlists: PlaylistsTable;
  playlistSongs: PlaylistSongsTable;
  banners: BannersTable;
  settings: SettingsTable;
  songLikes: SongLikesTable;
  artistFollows: ArtistFollowsTable;
  streamEvents: StreamEventsTable;
  downloadEvents: DownloadEventsTable;
  mediaFiles: MediaFilesTable;
  auditLog: AuditLogTable;
}
