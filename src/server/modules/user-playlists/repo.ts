import type { Kysely } from 'kysely';
import { toPublicSong } from '../../../contract/mobile';
import {
  MAX_PLAYLIST_SONGS,
  type UserPlaylist,
  type UserPlaylistDetail,
  type UserPlaylistUpdate,
} from '../../../contract/user-playlists';
import { userDisplayName } from '../../../contract/users';
import { nowIso } from '../../clock';
import { bool, num } from '../../db/mappers';
import type { DB } from '../../db/schema';
import { conflict, notFound, validationFailed } from '../../http/errors';
import { playlistSearchText } from '../search-text';
import { songRows, withCredits } from '../songs/details';

/**
 * App users' own playlists. Every query names the caller: a playlist is seen by its owner, or by
 * anyone when it is public and not hidden; it is changed by its owner only. Anything else reads as
 * missing (404), so ids of private playlists are not confirmed.
 */
export function userPlaylistsRepo(db: Kysely<DB>) {
  const rows = () =>
    db
      .selectFrom('playlists as p')
      .innerJoin('appUsers as u', 'u.id', 'p.userId')
      .select([
        'p.id',
        'p.name',
        'p.description',
        'p.userId',
        'p.isPublic',
        'p.isHidden',
        'p.createdAt',
        'p.updatedAt',
        'u.firstName',
        'u.lastName',
        'u.username',
      ])
      .select((eb) =>
        eb
          .selectFrom('playlistSongs as ps')
          .innerJoin('songs as s', 's.id', 'ps.songId')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('ps.playlistId', '=', 'p.id')
          .where('s.status', '=', 'published')
          .as('songCount'),
      );
  type Row = Awaited<ReturnType<ReturnType<typeof rows>['executeTakeFirstOrThrow']>>;

  const toPlaylist = (r: Row, viewerId: number): UserPlaylist => {
    const isOwner = r.userId === viewerId;
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      isPublic: bool(r.isPublic),
      isHidden: isOwner && bool(r.isHidden),
      isOwner,
      createdBy: userDisplayName(r),
      songCount: num(r.songCount),
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    };
  };

  const owned = async (id: number, userId: number) => {
    const row = await db
      .selectFrom('playlists')
      .select('id')
      .where('id', '=', id)
      .where('userId', '=', userId)
      .executeTakeFirst();
    if (!row) throw notFound('Playlist');
  };

  const searchTextOf = async (trx: Kysely<DB>, id: number) => {
    const row = await trx
      .selectFrom('playlists as p')
      .innerJoin('appUsers as u', 'u.id', 'p.userId')
      .select(['p.name', 'p.description', 'u.firstName', 'u.lastName', 'u.username'])
      .where('p.id', '=', id)
      .executeTakeFirstOrThrow();
    return playlistSearchText(row, row);
  };

  const touch = (trx: Kysely<DB>, id: number) =>
    trx.updateTable('playlists').set({ updatedAt: nowIso() }).where('id', '=', id).execute();

  return {
    async listOwn(userId: number): Promise<UserPlaylist[]> {
      const found = await rows()
        .where('p.userId', '=', userId)
        .orderBy('p.updatedAt', 'desc')
        .orderBy('p.id', 'desc')
        .execute();
      return found.map((r) => toPlaylist(r, userId));
    },

    async get(id: number, viewerId: number): Promise<UserPlaylistDetail> {
      const row = await rows()
        .where('p.id', '=', id)
        .where((eb) =>
          eb.or([
            eb('p.userId', '=', viewerId),
            eb.and([eb('p.isPublic', '=', true), eb('p.isHidden', '=', false)]),
          ]),
        )
        .executeTakeFirst();
      if (!row) throw notFound('Playlist');
      const songs = await songRows(db)
        .innerJoin('playlistSongs as ps', 'ps.songId', 's.id')
        .where('ps.playlistId', '=', id)
        .where('s.status', '=', 'published')
        .orderBy('ps.position')
        .orderBy('s.id')
        .execute();
      return { ...toPlaylist(row, viewerId), songs: (await withCredits(db, songs)).map(toPublicSong) };
    },

    async create(
      userId: number,
      input: { name: string; description?: string | null; isPublic: boolean },
    ): Promise<number> {
      const now = nowIso();
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('playlists')
          .values({
            name: input.name,
            description: input.description ?? null,
            userId,
            isPublic: input.isPublic,
            isFeatured: false,
            isHidden: false,
            searchText: '',
            createdAt: now,
            updatedAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('playlists')
          .set({ searchText: await searchTextOf(trx, id) })
          .where('id', '=', id)
          .execute();
        return id;
      });
    },

    async update(id: number, userId: number, change: UserPlaylistUpdate): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('playlists')
          .set({ ...change, updatedAt: nowIso() })
          .where('id', '=', id)
          .where('userId', '=', userId)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw notFound('Playlist');
        await trx
          .updateTable('playlists')
          .set({ searchText: await searchTextOf(trx, id) })
          .where('id', '=', id)
          .execute();
      });
    },

    async delete(id: number, userId: number): Promise<void> {
      const result = await db
        .deleteFrom('playlists')
        .where('id', '=', id)
        .where('userId', '=', userId)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound('Playlist');
    },

    /** Appends a published song; adding a song already there changes nothing. */
    async addSong(id: number, userId: number, songId: number): Promise<void> {
      await owned(id, userId);
      const song = await db
        .selectFrom('songs')
        .select('id')
        .where('id', '=', songId)
        .where('status', '=', 'published')
        .executeTakeFirst();
      if (!song) throw notFound('Song');
      await db.transaction().execute(async (trx) => {
        const stats = await trx
          .selectFrom('playlistSongs')
          .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('position').as('last')])
          .where('playlistId', '=', id)
          .executeTakeFirstOrThrow();
        if (num(stats.n) >= MAX_PLAYLIST_SONGS) {
          throw conflict(`A playlist holds at most ${MAX_PLAYLIST_SONGS} songs`);
        }
        const position = stats.last === null ? 0 : num(stats.last) + 1;
        await trx
          .insertInto('playlistSongs')
          .values({ playlistId: id, songId, position, addedAt: nowIso() })
          .onConflict((oc) => oc.columns(['playlistId', 'songId']).doNothing())
          .execute();
        await touch(trx, id);
      });
    },

    async removeSong(id: number, userId: number, songId: number): Promise<void> {
      await owned(id, userId);
      await db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('playlistSongs')
          .where('playlistId', '=', id)
          .where('songId', '=', songId)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) throw notFound('Song in this playlist');
        await touch(trx, id);
      });
    },

    /** Sets the order; `songIds` must list exactly the playlist's songs, each once. */
    async reorder(id: number, userId: number, songIds: number[]): Promise<void> {
      await owned(id, userId);
      await db.transaction().execute(async (trx) => {
        // Songs unpublished since they were added are not shown, so they are not listed: they keep
        // their relative order after the listed ones.
        const current = await trx
          .selectFrom('playlistSongs as ps')
          .innerJoin('songs as s', 's.id', 'ps.songId')
          .select(['ps.songId', 's.status'])
          .where('ps.playlistId', '=', id)
          .orderBy('ps.position')
          .orderBy('ps.songId')
          .execute();
        const shown = new Set(current.filter((r) => r.status === 'published').map((r) => r.songId));
        const given = new Set(songIds);
        if (
          given.size !== songIds.length ||
          given.size !== shown.size ||
          songIds.some((s) => !shown.has(s))
        ) {
          throw validationFailed([
            { field: 'songIds', message: "songIds must list exactly the playlist's songs, each once" },
          ]);
        }
        const order = [...songIds, ...current.filter((r) => !shown.has(r.songId)).map((r) => r.songId)];
        for (const [position, songId] of order.entries()) {
          await trx
            .updateTable('playlistSongs')
            .set({ position })
            .where('playlistId', '=', id)
            .where('songId', '=', songId)
            .execute();
        }
        await touch(trx, id);
      });
    },
  };
}
