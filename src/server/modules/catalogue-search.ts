import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { type AlbumCredit, albumSearchText, songSearchText } from './search-text';

export type { AlbumCredit };

/**
 * Keeps the derived `search_text` of albums and songs true: an album is found by its title and its
 * artists' names, a song by its title, its album's title and that album's artists' names. Every
 * function takes the transaction of the write that changed those names.
 */

const CHUNK = 300;

export async function albumCredits(db: Kysely<DB>, albumIds: readonly number[]) {
  const credits = new Map<number, AlbumCredit>();
  for (const ids of chunks(albumIds)) {
    const albums = await db
      .selectFrom('albums as al')
      .leftJoin('artists as pa', 'pa.id', 'al.primaryArtistId')
      .select(['al.id', 'al.title', 'pa.name as primaryName'])
      .where('al.id', 'in', ids)
      .execute();
    for (const a of albums)
      credits.set(a.id, { title: a.title, names: a.primaryName ? [a.primaryName] : [] });
    const collaborators = await db
      .selectFrom('albumArtists as aa')
      .innerJoin('artists as ar', 'ar.id', 'aa.artistId')
      .select(['aa.albumId', 'ar.name'])
      .where('aa.albumId', 'in', ids)
      .orderBy('aa.albumId')
      .orderBy('aa.position')
      .execute();
    for (const c of collaborators) credits.get(c.albumId)?.names.push(c.name);
  }
  return credits;
}

/** Recomputes the search text of these albums and of all their songs. */
export async function refreshAlbumSearch(db: Kysely<DB>, albumIds: readonly number[]): Promise<void> {
  if (albumIds.length === 0) return;
  const credits = await albumCredits(db, albumIds);
  const albums = await db
    .selectFrom('albums')
    .select(['id', 'searchText'])
    .where('id', 'in', [...credits.keys()])
    .execute();
  await writeChanged(
    db,
    'albums',
    albums.map((a) => ({
      id: a.id,
      old: a.searchText,
      text: albumSearchText(credits.get(a.id) as AlbumCredit),
    })),
  );
  for (const ids of chunks([...credits.keys()])) {
    const songs = await db
      .selectFrom('songs')
      .select(['id', 'title', 'albumId', 'searchText'])
      .where('albumId', 'in', ids)
      .execute();
    await writeChanged(
      db,
      'songs',
      songs.map((s) => ({
        id: s.id,
        old: s.searchText,
        text: songSearchText(s.title, credits.get(s.albumId) as AlbumCredit),
      })),
    );
  }
}

/** After an artist's name changed: the albums they are credited on, and those albums' songs. */
export async function refreshArtistSearch(db: Kysely<DB>, artistId: number): Promise<void> {
  const albums = await db
    .selectFrom('albums')
    .select('id')
    .where('primaryArtistId', '=', artistId)
    .union(db.selectFrom('albumArtists').select('albumId as id').where('artistId', '=', artistId))
    .execute();
  await refreshAlbumSearch(
    db,
    albums.map((a) => a.id),
  );
}

async function writeChanged(
  db: Kysely<DB>,
  table: 'albums' | 'songs',
  rows: Array<{ id: number; old: string; text: string }>,
): Promise<void> {
  const changed = rows.filter((r) => r.old !== r.text);
  for (const part of chunks(changed)) {
    const cases = sql.join(
      part.map((r) => sql`when ${r.id} then ${r.text}`),
      sql` `,
    );
    await db
      .updateTable(table)
      .set({ searchText: sql<string>`case ${sql.ref('id')} ${cases} end` })
      .where(
        'id',
        'in',
        part.map((r) => r.id),
      )
      .execute();
  }
}

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}
