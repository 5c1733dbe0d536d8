import { type Kysely, sql } from 'kysely';
import { albumCredit } from '../../../contract/artist-label';
import { SONG_LANGUAGES, type Song } from '../../../contract/songs';
import { nowIso } from '../../clock';
import type { Dialect } from '../../db/database';
import { num } from '../../db/mappers';
import type { DB } from '../../db/schema';
import { validationFailed } from '../../http/errors';
import { collaboratorsOf } from '../albums/details';
import { albumCredits } from '../catalogue-search';
import { songSearchText } from '../search-text';

/** Songs joined with what the list shows of their album: title, cover and primary artist. */
export const songRows = (db: Kysely<DB>) =>
  db
    .selectFrom('songs as s')
    .innerJoin('albums as al', 'al.id', 's.albumId')
    .leftJoin('artists as pa', 'pa.id', 'al.primaryArtistId')
    .select([
      's.id',
      's.title',
      's.lyricist',
      's.albumId',
      's.genreId',
      's.duration',
      's.audioFileUrl',
      's.audioFileSize',
      's.lyrics',
      's.language',
      's.status',
      's.totalStreams',
      's.likesCount',
      's.downloadsCount',
      's.createdAt',
      'al.title as albumTitle',
      'al.albumType',
      'al.coverArt',
      'pa.name as primaryArtistName',
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof songRows>['execute']>>[number];

const isLanguage = (v: string | null): v is Song['language'] & string =>
  (SONG_LANGUAGES as readonly string[]).includes(v ?? '');

/** The rows as the API answers them, each credited like its album (one query for any collaborations). */
export async function withCredits(db: Kysely<DB>, rows: Row[]): Promise<Song[]> {
  const collaborations = [
    ...new Set(rows.filter((r) => r.albumType === 'collaboration').map((r) => r.albumId)),
  ];
  const collaborators = await collaboratorsOf(db, collaborations);
  return rows.map((r) =>
    toSong(
      r,
      (collaborators.get(r.albumId) ?? []).map((c) => c.name),
    ),
  );
}

/**
 * The names of a collaboration album's artists in credit order, as a JSON array, computed in the row's own
 * query (so a page of songs is one statement, one round trip on PostgreSQL); empty for other albums.
 */
const collaboratorNames = (dialect: Dialect) =>
  dialect === 'postgres'
    ? sql<string | string[]>`(select coalesce(json_agg(ar.name order by aa.position, ar.id), '[]'::json)
        from album_artists aa join artists ar on ar.id = aa.artist_id
        where aa.album_id = al.id and al.album_type = 'collaboration')`
    : sql<string | string[]>`(select coalesce(json_group_array(c.name), '[]') from (select ar.name
        from album_artists aa join artists ar on ar.id = aa.artist_id
        where aa.album_id = al.id and al.album_type = 'collaboration' order by aa.position, ar.id) c)`;

/** `songRows` with each album's collaborators: map with `creditedSong`. */
export const creditedSongRows = (db: Kysely<DB>, dialect: Dialect) =>
  songRows(db).select(collaboratorNames(dialect).as('collaborators'));

/** A row of `creditedSongRows` as the API answers it. */
export function creditedSong(row: Row & { collaborators: string | string[] }): Song {
  const names = typeof row.collaborators === 'string' ? JSON.parse(row.collaborators) : row.collaborators;
  return toSong(row, names as string[]);
}

function toSong(r: Row, collaboratingArtists: string[]): Song {
  return {
    id: r.id,
    title: r.title,
    lyricist: r.lyricist,
    albumId: r.albumId,
    albumTitle: r.albumTitle,
    artistName: albumCredit({
      albumType: r.albumType,
      primaryArtistName: r.primaryArtistName,
      collaboratingArtists,
    }),
    coverArt: r.coverArt,
    genreId: r.genreId,
    duration: r.duration,
    audioFileUrl: r.audioFileUrl,
    audioFileSize: r.audioFileSize === null ? null : num(r.audioFileSize),
    lyrics: r.lyrics,
    language: isLanguage(r.language) ? r.language : null,
    status: r.status,
    totalStreams: num(r.totalStreams),
    likesCount: num(r.likesCount),
    downloadsCount: num(r.downloadsCount),
    createdAt: r.createdAt,
  };
}

export async function getSong(db: Kysely<DB>, id: number): Promise<Song | undefined> {
  const rows = await songRows(db).where('s.id', '=', id).execute();
  return (await withCredits(db, rows))[0];
}

export interface NewSongFields {
  title: string;
  lyricist: string | null;
  albumId: number;
  genreId: number | null;
  audioFileUrl: string | null;
  audioFileSize: number | null;
  audioSha256?: string | null;
  duration: number | null;
  lyrics: string | null;
  language: string | null;
  status: string;
}

/**
 * Inserts one song inside the caller's transaction, its search text built from its title, its album's
 * title and the album's artists. A missing album or genre is a 400 naming `albumId` / `genreId`.
 */
export async function insertSong(trx: Kysely<DB>, fields: NewSongFields): Promise<number> {
  const credit = (await albumCredits(trx, [fields.albumId])).get(fields.albumId);
  if (!credit) {
    const message = `Album ${fields.albumId} does not exist`;
    throw validationFailed([{ field: 'albumId', message }], `albumId: ${message}`);
  }
  if (fields.genreId !== null) {
    const genre = await trx
      .selectFrom('genres')
      .select('id')
      .where('id', '=', fields.genreId)
      .executeTakeFirst();
    if (!genre) {
      const message = `Genre ${fields.genreId} does not exist`;
      throw validationFailed([{ field: 'genreId', message }], `genreId: ${message}`);
    }
  }
  const now = nowIso();
  try {
    const row = await trx
      .insertInto('songs')
      .values({
        ...fields,
        searchText: songSearchText(fields.title, credit),
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (err) {
    // The album or genre was deleted by another transaction since the check above.
    if (!isForeignKeyViolation(err)) throw err;
    const field = String((err as { constraint?: unknown }).constraint ?? '').includes('genre')
      ? 'genreId'
      : 'albumId';
    const message = `${field === 'genreId' ? 'Genre' : 'Album'} ${fields[field]} does not exist`;
    throw validationFailed([{ field, message }], `${field}: ${message}`);
  }
}

/** PostgreSQL's foreign_key_violation, or SQLite's. */
const isForeignKeyViolation = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
};
