import type { Insertable } from 'kysely';
import type { PlaylistSongsTable, PlaylistsTable } from '../db/schema';
import { playlistSearchText } from '../modules/search-text';
import { batchInsert, syncIdSequence } from './batch-insert';
import type { SeededGenre } from './catalogue';
import { between, DAY, iso, maxId, type SeedContext } from './context';
import type { SongPlan } from './songs';
import type { SeededUser } from './users';
import { PLACES, PLAYLIST_NOUNS } from './vocabulary';

function playlistName(ctx: SeedContext, genres: readonly SeededGenre[], owner: SeededUser | null) {
  const noun = ctx.random.pick(PLAYLIST_NOUNS);
  const place = ctx.random.pick(PLACES);
  const shape = ctx.random.int(0, 4);
  if (shape === 0) return `${ctx.random.pick(genres).name} ${noun[0]}`;
  if (shape === 1) return `${place[0]} ${noun[0]}`;
  if (shape === 2) return `${noun[1]} ءِ ${place[1]}`;
  if (shape === 3 && owner?.firstName) return `${owner.firstName}’s ${noun[0]}`;
  return `${noun[0]} from ${place[0]} (${place[1]})`;
}

/** User playlists (a few editorial ones without a creator) holding published songs. */
export async function seedPlaylists(
  ctx: SeedContext,
  count: number,
  users: readonly SeededUser[],
  genres: readonly SeededGenre[],
  songs: SongPlan,
): Promise<{ playlists: number; entries: number }> {
  const base = await maxId(ctx, 'playlists');
  const published: number[] = [];
  for (let i = 0; i < songs.count; i++) if (songs.published[i]) published.push(i);
  const rows: Insertable<PlaylistsTable>[] = [];
  const entries: Insertable<PlaylistSongsTable>[] = [];
  for (let i = 0; i < count; i++) {
    const id = base + i + 1;
    const owner = users.length > 0 && ctx.random.chance(0.9) ? ctx.random.pick(users) : null;
    const name = playlistName(ctx, genres, owner);
    const description = ctx.random.chance(0.75)
      ? ctx.random.pick([
          `Songs for the long road through ${ctx.random.pick(PLACES)[0]}.`,
          'Handpicked Balochi and Brahui songs — گچینیں سوت.',
          'Everything I play at weddings.',
          'شپ ءِ زهیروک و نازینک',
        ])
      : null;
    const createdAt = between(ctx, owner?.createdAt ?? ctx.now - 300 * DAY, ctx.now - DAY);
    const hidden = ctx.random.chance(0.08);
    rows.push({
      id,
      name,
      description,
      userId: owner?.id ?? null,
      isPublic: ctx.random.chance(0.8),
      isFeatured: !hidden && ctx.random.chance(0.15),
      isHidden: hidden,
      searchText: playlistSearchText({ name, description }, owner),
      createdAt: iso(createdAt),
      updatedAt: iso(createdAt),
    });
    ctx.random.distinct(published.length, ctx.random.int(6, 40)).forEach((k, position) => {
      const song = published[k] as number;
      const addedAt = between(ctx, Math.max(createdAt, songs.createdAt[song] ?? 0), ctx.now);
      entries.push({ playlistId: id, songId: songs.firstId + song, position, addedAt: iso(addedAt) });
    });
  }
  await batchInsert(ctx.db, ctx.dialect, 'playlists', rows);
  await batchInsert(ctx.db, ctx.dialect, 'playlistSongs', entries);
  await syncIdSequence(ctx.db, ctx.dialect, 'playlists');
  return { playlists: rows.length, entries: entries.length };
}
