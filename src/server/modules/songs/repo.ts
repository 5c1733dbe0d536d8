import type { Kysely } from 'kysely';
import type { Song, SongListParams } from '../../../contract/songs';
import { auditedWrite } from '../../audit/record';
import { filterKey, listCache } from '../../db/count-cache';
import type { Dialect } from '../../db/database';
import { anchorAt, countRows, listPage } from '../../db/list-page';
import { type Anchor, afterAnchor, keysetOrder } from '../../db/page-anchors';
import { prepared } from '../../db/prepared';
import { releasedBy, type WriteResult } from '../../db/released-files';
import type { DB } from '../../db/schema';
import { searchCondition } from '../../db/search';
import { creditedSong, creditedSongRows, getSong } from './details';
import { PROBE_MAX_WANTED, PROBE_ROWS, probeSearch } from './search-probe';

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
    return keysetOrder(filtered(query), column, 's.id', dir, after);
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
    const wanted = query.offset + query.limit;
    if (wanted > PROBE_MAX_WANTED) return false;
    const unsearched = { ...query, q: undefined };
    const all = await cache.memo('songs', `count-all:${filterKey(filterOf(unsearched))}`, () =>
      countRows(db, filtered(unsearched), null),
    );
    // One count per search, enough to decide for any page the walk may serve.
    const decisive = Math.ceil((all * 2 * PROBE_MAX_WANTED) / PROBE_ROWS);
    const matching = await cache.memo('songs', `count-up-to-${decisive}:${filterKey(filterOf(query))}`, () =>
      countRows(db, filtered(query), decisive),
    );
    return all > 0 && matching >= Math.ceil((all * 2 * wanted) / PROBE_ROWS);
  };

  /** One page of credited songs: the ids over the sort's index (after `after`, skipping `offset`), joined. */
  const pageRows = (query: SongListParams, after: Anchor | null, offset: number) => {
    const { column, dir } = SORTS[query.sort];
    return creditedSongRows(db, dialect)
      .where('s.id', 'in', ordered(query, after).select('s.id').limit(query.limit).offset(offset))
      .orderBy(column, dir)
      .orderBy('s.id', dir);
  };
  type PageRow = Awaited<ReturnType<ReturnType<typeof pageRows>['execute']>>[number];

  /**
   * Unsearched pages, the hot path: compiled once per shape (sort, filters present, seeking or not) with
   * the values bound at call time, so a page costs no query building.
   */
  const compiledPages = new Map<string, (...args: Array<string | number>) => Promise<PageRow[]>>();
  const FILTERS = ['language', 'status', 'albumId', 'genreId', 'artistId'] as const;
  const compiledPage = (query: SongListParams, after: Anchor | null, offset: number) => {
    const present = FILTERS.filter((f) => query[f] !== undefined);
    const shape = `${query.sort}|${after ? 'after' : ''}|${present.join(',')}`;
    let run = compiledPages.get(shape);
    if (!run) {
      run = prepared(db, (...args: Array<string | number>) => {
        const [limit, skip, ...rest] = args as [number, number, ...Array<string | number>];
        const anchor = after ? ([rest.shift(), rest.shift()] as unknown as Anchor) : null;
        const filters = Object.fromEntries(present.map((f) => [f, rest.shift()]));
        return pageRows({ ...query, ...filters, limit, offset: 0 } as SongListParams, anchor, skip);
      });
      compiledPages.set(shape, run);
    }
    const values = present.map((f) => query[f] as string | number);
    return run(query.limit, offset, ...(after ? [after[0], after[1]] : []), ...values);
  };

  return {
    /** Pages first (ids over the sort's index, deep offsets seeking from cached anchors), then joins. */
    async list(query: SongListParams) {
      const { column } = SORTS[query.sort];
      const page = await listPage({
        cache,
        table: 'songs',
        filter: filterOf(query),
        sort: query.sort,
        offset: query.offset,
        anchor: (after, skip) => anchorAt(ordered(query, after).select([`${column} as value`, 's.id']), skip),
        rows: async (after, offset): Promise<PageRow[]> => {
          if (!query.q) return compiledPage(query, after, offset);
          const walk = dialect === 'sqlite' && (await walkLikelyFills(query));
          const probed = walk ? await probe(query) : undefined;
          if (probed?.length === 0) return [];
          if (!probed) return pageRows(query, after, offset).execute();
          const { dir } = SORTS[query.sort];
          return creditedSongRows(db, dialect)
            .where('s.id', 'in', probed)
            .orderBy(column, dir)
            .orderBy('s.id', dir)
            .execute();
        },
        count: () => countRows(db, filtered(query)),
      });
      return { rows: page.rows.map(creditedSong), total: page.total };
    },

    get: (id: number): Promise<Song | undefined> => getSong(db, id),

    /**
     * Deletes the song; its likes, playlist entries and stream/download events go in the same statement
     * (ON DELETE CASCADE). Answers the stored audio it releases, removed by the caller after the commit.
     */
    async delete(id: number): Promise<WriteResult | null> {
      let result: WriteResult | null = null;
      await auditedWrite(db, 'songs', id, async (trx) => {
        const deleted = await trx
          .deleteFrom('songs')
          .where('id', '=', id)
          .returning('audioFileUrl')
          .executeTakeFirst();
        if (!deleted) return undefined;
        result = releasedBy([deleted.audioFileUrl]);
        return id;
      });
      return result;
    },
  };
}
