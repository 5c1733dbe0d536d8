import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Artist, ArtistListParams } from '../../../contract/artists';
import { auditedWrite } from '../../audit/record';
import { isoMinus, nowIso } from '../../clock';
import { listCache } from '../../db/count-cache';
import type { Dialect } from '../../db/database';
import { anchorAt, countRows, listPage } from '../../db/list-page';
import { num } from '../../db/mappers';
import { type Anchor, keysetOrder } from '../../db/page-anchors';
import { releasedBy, type WriteResult } from '../../db/released-files';
import type { DB } from '../../db/schema';
import { searchCondition } from '../../db/search';
import { conflict } from '../../http/errors';
import { refreshArtistSearch } from '../catalogue-search';
import { artistSearchText } from '../search-text';
import { artistStats, toArtist } from './stats';

export interface ArtistFields {
  name: string;
  country: string | null;
  bio: string | null;
  avatar: string | null;
  verified: boolean;
}

type ArtistEb = ExpressionBuilder<DB & { a: DB['artists'] }, 'a'>;

/** Ids of the albums an artist is credited on: as primary artist or as a collaborator. */
export const creditedAlbumIds = (eb: ArtistEb) =>
  eb
    .selectFrom('albums as cal')
    .select('cal.id')
    .whereRef('cal.primaryArtistId', '=', 'a.id')
    .union(
      eb.selectFrom('albumArtists as cx').select('cx.albumId as id').whereRef('cx.artistId', '=', 'a.id'),
    );

/** Streams of the artist's songs; of their published songs only for the app (`publishedOnly`). */
const totalStreams = (eb: ArtistEb, publishedOnly: boolean) =>
  eb
    .selectFrom('songs as ts')
    .select((e) => e.fn.coalesce(e.fn.sum<number>('ts.totalStreams'), e.lit(0)).as('t'))
    .where('ts.albumId', 'in', creditedAlbumIds(eb))
    .$if(publishedOnly, (qb) => qb.where('ts.status', '=', 'published'));

const MONTH_MS = 30 * 24 * 3600 * 1000;

export function artistsRepo(db: Kysely<DB>, dialect: Dialect) {
  const cache = listCache(db);

  const filtered = (query: Pick<ArtistListParams, 'q' | 'verified'>) =>
    db.selectFrom('artists as a').where((eb) => {
      const conditions = [];
      const search = searchCondition(dialect, 'artists', 'a', query.q);
      if (search) conditions.push(search);
      if (typeof query.verified === 'boolean') conditions.push(eb('a.verified', '=', query.verified));
      return eb.and(conditions);
    });

  /** The filtered artists in the list's order, after `after` when given (not for the computed sort). */
  const ordered = (query: ArtistListParams, after: Anchor | null, publishedOnly = false) => {
    const base = filtered(query);
    if (query.sort === 'streams') {
      return base.orderBy((eb) => totalStreams(eb, publishedOnly), 'desc').orderBy('a.id', 'desc');
    }
    const column = query.sort === 'name' ? 'a.name' : 'a.createdAt';
    const dir = query.sort === 'newest' ? 'desc' : 'asc';
    return keysetOrder(base, column, 'a.id', dir, after);
  };

  const anchorColumn = (sort: ArtistListParams['sort']) => (sort === 'name' ? 'a.name' : 'a.createdAt');

  async function hydrate(ids: number[], publishedOnly: boolean): Promise<Map<number, Artist>> {
    if (ids.length === 0) return new Map();
    const rows = await artistStats(db, ids, isoMinus(MONTH_MS), publishedOnly);
    return new Map(rows.map((r) => [r.id, toArtist(r)]));
  }

  return {
    /** `publishedOnly`: counts, streams and the streams order for the app's audience (published songs only). */
    async list(query: ArtistListParams, publishedOnly = false) {
      const page = await listPage({
        cache,
        table: 'artists',
        filter: { q: query.q, verified: query.verified },
        sort: query.sort,
        offset: query.offset,
        anchor:
          query.sort === 'streams'
            ? undefined
            : (after, skip) =>
                anchorAt(
                  ordered(query, after).select([`${anchorColumn(query.sort)} as value`, 'a.id']),
                  skip,
                ),
        rows: (after, offset) =>
          ordered(query, after, publishedOnly).select('a.id').limit(query.limit).offset(offset).execute(),
        count: () => countRows(db, filtered(query)),
      });
      const artists = await hydrate(
        page.rows.map((r) => r.id),
        publishedOnly,
      );
      return { rows: page.rows.flatMap((r) => artists.get(r.id) ?? []), total: page.total };
    },

    async get(id: number, publishedOnly = false): Promise<Artist | undefined> {
      return (await hydrate([id], publishedOnly)).get(id);
    },

    async create(fields: ArtistFields): Promise<number> {
      const id = await auditedWrite(db, 'artists', undefined, async (trx) => {
        const now = nowIso();
        const row = await trx
          .insertInto('artists')
          .values({ ...fields, searchText: artistSearchText(fields), createdAt: now, updatedAt: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
      return Number(id);
    },

    /** A rename also rewrites the search text of the artist's albums and their songs, in one transaction. */
    async update(id: number, fields: ArtistFields): Promise<WriteResult | null> {
      let result: WriteResult | null = null;
      await auditedWrite(db, 'artists', id, async (trx) => {
        const before = await trx
          .selectFrom('artists')
          .select(['name', 'avatar'])
          .where('id', '=', id)
          .$if(dialect === 'postgres', (qb) => qb.forUpdate())
          .executeTakeFirst();
        if (!before) return undefined;
        await trx
          .updateTable('artists')
          .set({ ...fields, searchText: artistSearchText(fields), updatedAt: nowIso() })
          .where('id', '=', id)
          .execute();
        if (before.name !== fields.name) await refreshArtistSearch(trx, id);
        result = releasedBy([before.avatar], [fields.avatar]);
        return id;
      });
      return result;
    },

    /** Refused with 409 while the artist is credited on any album; their follows go with them. */
    async delete(id: number): Promise<WriteResult | null> {
      let result: WriteResult | null = null;
      await auditedWrite(db, 'artists', id, async (trx) => {
        const found = await trx
          .selectFrom('artists')
          .select('avatar')
          .where('id', '=', id)
          .$if(dialect === 'postgres', (qb) => qb.forUpdate())
          .executeTakeFirst();
        if (!found) return undefined;
        const credited = await trx
          .selectFrom('artists as a')
          .where('a.id', '=', id)
          .select((eb) =>
            eb.selectFrom(creditedAlbumIds(eb).as('c')).select(eb.fn.countAll<number>().as('n')).as('albums'),
          )
          .executeTakeFirstOrThrow();
        const albums = num(credited.albums);
        if (albums > 0) {
          throw conflict(`Artist still has ${albums} album${albums === 1 ? '' : 's'}`, { albums });
        }
        await trx.deleteFrom('artists').where('id', '=', id).execute();
        result = releasedBy([found.avatar]);
        return id;
      });
      return result;
    },
  };
}
