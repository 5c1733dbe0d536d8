import type { Kysely } from 'kysely';
import type { Song, SongListParams } from '../../../contract/songs';
import { filterKey, listCache } from '../../db/count-cache';
import type { Dialect } from '../../db/database';
import { anchorAt, countRows, listPage } from '../../db/list-page';
import { type Anchor, afterAnchor } from '../../db/page-anchors';
import type { DB } from '../../db/schema';
import { searchCondition } from '../../db/search';
import { getSong, songRows, withCredits } from './details';
import { PROBE_ROWS, probeSearch } from './search-probe';

export { getSong, insertSong, type NewSongFields } from './details';

/** Every sort is on a NOT NULL column plus id, served by an index ending in id (migrations 001, 003). */
const SORTS = {
  newest: { column: 's.createdAt', dir: 'desc' },
  oldest: { column: 's.createdAt', dir: 'asc' },
  most_played: { column: 's.totalStreams', dir: 'desc' },
  most_liked: { column: 's.likesCount', dir: 'desc' },
} as const;

type Filters = Omit<SongListParams, 'limit' | 'offset' | 'sort'>;

export function songsRepo(db: Kysely<DB>, dialect: Dialect) {
  const cache = listCache(db);

  const filtered = (query: Filters) =>
    db.selectFrom('songs as s').where((eb) => {
      const conditions = [];
      const search = searchCondition(dialect, 'songs', 's', query.q);
      if (search) conditions.push(search);
      if (query.language) conditions.push(eb('s.language', '=', query.language));
      if (query.status) conditions.push(eb('s.status', '=', query.status));
      if (query.albumId) conditions.push(eb('s.albumId', '=', query.albumId));
      if (query.genreId) conditions.push(eb('s.genreId', '=', query.genreId));
      if (query.artistId) {
        // Songs of albums the artist is credited on, as primary artist or as a collaborator.
        conditions.push(
          eb(
            's.albumId',
            'in',
            eb
              .selectFrom('albums as fal')
              .select('fal.id')
              .where('fal.primaryArtistId', '=', query.artistId)
              .union(
                eb
                  .selectFrom('albumArtists as fa')
                  .select('fa.albumId as id')
                  .where('fa.artistId', '=', query.artistId),
              ),
          ),
        );
      }
      return eb.and(conditions);
    });

  const ordered = (query: SongListParams, after: Anchor | null) => {
    const { column, dir } = SORTS[query.sort];
    return filtered(query)
      .$if(after !== null, (qb) => qb.where(afterAnchor(column, 's.id', dir, after as Anchor)))
      .orderBy(column, dir)
      .orderBy('s.id', dir);
  };

  /** SQLite only: common words are found faster by walking the sort index than through FTS5. */
  const probe = (query: SongListParams) => {
    const { column, dir } = SORTS[query.sort];
    const unsearched = { ...query, q: undefined };
    return probeSearch<Anchor>({
      q: query.q ?? '',
      offset: query.offset,
      limit: query.limit,
      column: 's.searchText',
      bound: (skip) => anchorAt(ordered(unsearched, null).select([`${column} as value`, 's.id']), skip),
      rowsUpTo: async (bound, condition, count) => {
        const rows = await ordered(unsearched, null)
          .where(condition)
          .$if(bound !== undefined, (qb) =>
            qb.where(afterAnchor(column, 's.id', dir === 'desc' ? 'asc' : 'desc', bound as Anchor)),
          )
          .select('s.id')
          .limit(count)
          .execute();
        return rows.map((r) => r.id);
      },
    });
  };

  const filterOf = (query: Filters) => ({
    q: query.q,
    language: query.language,
    status: query.status,
    albumId: query.albumId,
    artistId: query.artistId,
    genreId: query.genreId,
  });
  /**
   * SQLite: whether walking the list's order is expected to fill the page within PROBE_ROWS rows, from
   * the share of rows matching the search: at least 2 × (offset + limit) in PROBE_ROWS. The matching rows
   * are counted only up to the number that decides it; both counts are kept in the list cache. Otherwise
   * the search goes straight to the index instead of trying the walk first.
   */
  const walkLikelyFills = async (query: SongListParams) => {
    const unsearched = { ...query, q: undefined };
    const all = await cache.memo('songs', `count-all:${filterKey(filterOf(unsearched))}`, () =>
      countRows(db, filtered(unsearched), null),
    );
    const needed = Math.ceil((all * 2 * (query.offset + query.limit)) / PROBE_ROWS);
    const key = `count-up-to-${needed}:${filterKey(filterOf(query))}`;
    const matching = await cache.memo('songs', key, () => countRows(db, filtered(query), needed));
    return all > 0 && matching >= needed;
  };

  return {
    /** Pages first (ids over the sort's index, deep offsets seeking from cached anchors), then joins. */
    async list(query: SongListParams) {
      const { column, dir } = SORTS[query.sort];
      const page = await listPage({
        cache,
        table: 'songs',
        filter: filterOf(query),
        sort: query.sort,
        offset: query.offset,
        anchor: (after, skip) => anchorAt(ordered(query, after).select([`${column} as value`, 's.id']), skip),
        rows: async (after, offset) => {
          const walk = dialect === 'sqlite' && query.q && (await walkLikelyFills(query));
          const probed = walk ? await probe(query) : undefined;
          if (probed?.length === 0) return [];
          return songRows(db)
            .where(
              's.id',
              'in',
              probed ?? ordered(query, after).select('s.id').limit(query.limit).offset(offset),
            )
            .orderBy(column, dir)
            .orderBy('s.id', dir)
            .execute();
        },
        count: () => countRows(db, filtered(query)),
      });
      return { rows: await withCredits(db, page.rows), total: page.total };
    },

    get: (id: number): Promise<Song | undefined> => getSong(db, id),

    /**
     * Deletes the song; its likes, playlist entries and stream/download events go in the same statement
     * (ON DELETE CASCADE). Returns the stored audio URL so the caller can remove the file after commit.
     */
    async delete(id: number): Promise<{ audioFileUrl: string | null } | undefined> {
      const row = await db
        .deleteFrom('songs')
        .where('id', '=', id)
        .returning('audioFileUrl')
        .executeTakeFirst();
      return row;
    },
  };
}
