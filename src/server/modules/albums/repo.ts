import { type Kysely, sql } from 'kysely';
import type { Album, AlbumListParams } from '../../../contract/albums';
import { auditedWrite } from '../../audit/record';
import { nowIso } from '../../clock';
import { listCache } from '../../db/count-cache';
import type { Dialect } from '../../db/database';
import { anchorAt, countRows, listPage } from '../../db/list-page';
import { num } from '../../db/mappers';
import { type Anchor, keysetOrder } from '../../db/page-anchors';
import { releasedBy, type WriteResult } from '../../db/released-files';
import type { DB } from '../../db/schema';
import { searchCondition } from '../../db/search';
import { conflict } from '../../http/errors';
import { refreshAlbumSearch } from '../catalogue-search';
import { albumSearchText } from '../search-text';
import { albumDetails } from './details';
import { checkReferences } from './references';

export interface AlbumFields {
  title: string;
  albumType: 'single' | 'collaboration';
  /** Null for a collaboration. */
  primaryArtistId: number | null;
  /** Collaborators in credit order; empty for a single. */
  collaboratorIds: number[];
  genreId: number | null;
  releaseDate: string | null;
  description: string | null;
  coverArt: string | null;
}

type Filters = Pick<AlbumListParams, 'q' | 'genreId' | 'artistId' | 'year'>;

export function albumsRepo(db: Kysely<DB>, dialect: Dialect) {
  const cache = listCache(db);

  const filtered = (query: Filters) =>
    db.selectFrom('albums as al').where((eb) => {
      const conditions = [];
      const search = searchCondition(dialect, 'albums', 'al', query.q);
      if (search) conditions.push(search);
      if (query.genreId) conditions.push(eb('al.genreId', '=', query.genreId));
      if (query.artistId) {
        conditions.push(
          eb.or([
            eb('al.primaryArtistId', '=', query.artistId),
            eb(
              'al.id',
              'in',
              eb
                .selectFrom('albumArtists as fa')
                .select('fa.albumId')
                .where('fa.artistId', '=', query.artistId),
            ),
          ]),
        );
      }
      if (query.year) {
        conditions.push(eb('al.releaseDate', '>=', `${query.year}-01-01`));
        conditions.push(eb('al.releaseDate', '<', `${query.year + 1}-01-01`));
      }
      return eb.and(conditions);
    });

  /** The sorts on a NOT NULL column plus id, which deep pages can seek by. */
  const keyed = (sort: AlbumListParams['sort']) =>
    sort === 'title'
      ? ({ column: 'al.title', dir: 'asc' } as const)
      : sort === 'release'
        ? null
        : ({ column: 'al.createdAt', dir: sort === 'newest' ? 'desc' : 'asc' } as const);

  const ordered = (query: AlbumListParams, after: Anchor | null) => {
    const key = keyed(query.sort);
    if (!key) {
      // Newest release first, undated albums last on both databases.
      return filtered(query)
        .orderBy(sql`${sql.ref('al.releaseDate')} desc nulls last`)
        .orderBy('al.id', 'desc');
    }
    return keysetOrder(filtered(query), key.column, 'al.id', key.dir, after);
  };

  const replaceCollaborators = async (trx: Kysely<DB>, albumId: number, artistIds: number[]) => {
    await trx.deleteFrom('albumArtists').where('albumId', '=', albumId).execute();
    if (artistIds.length === 0) return;
    await trx
      .insertInto('albumArtists')
      .values(artistIds.map((artistId, position) => ({ albumId, artistId, position })))
      .execute();
  };

  /**
   * Locks the album's row for the rest of the transaction (PostgreSQL) and answers its stored cover, to
   * know what the write releases; undefined when there is none.
   */
  const lockAlbum = (trx: Kysely<DB>, id: number) =>
    trx
      .selectFrom('albums')
      .select('coverArt')
      .where('id', '=', id)
      .$if(dialect === 'postgres', (qb) => qb.forUpdate())
      .executeTakeFirst();

  return {
    /** `publishedOnly`: track counts for the app's audience (published songs only). */
    async list(query: AlbumListParams, publishedOnly = false) {
      const key = keyed(query.sort);
      const page = await listPage({
        cache,
        table: 'albums',
        filter: { q: query.q, genreId: query.genreId, artistId: query.artistId, year: query.year },
        sort: query.sort,
        offset: query.offset,
        anchor:
          key === null
            ? undefined
            : (after, skip) =>
                anchorAt(ordered(query, after).select([`${key.column} as value`, 'al.id']), skip),
        rows: (after, offset) =>
          ordered(query, after).select('al.id').limit(query.limit).offset(offset).execute(),
        count: () => countRows(db, filtered(query)),
      });
      const albums = await albumDetails(
        db,
        page.rows.map((r) => r.id),
        publishedOnly,
      );
      return { rows: page.rows.flatMap((r) => albums.get(r.id) ?? []), total: page.total };
    },

    async get(id: number, publishedOnly = false): Promise<Album | undefined> {
      return (await albumDetails(db, [id], publishedOnly)).get(id);
    },

    /** Release years present, newest first (YYYY-MM-DD text, so the year is its first four characters). */
    async years(): Promise<number[]> {
      const rows = await db
        .selectFrom('albums')
        .select(sql<string>`substr(${sql.ref('releaseDate')}, 1, 4)`.as('year'))
        .where('releaseDate', 'is not', null)
        .distinct()
        .orderBy('year', 'desc')
        .execute();
      return rows.map((r) => Number(r.year));
    },

    /** Checks every reference, then writes the album and its collaborators in one transaction. */
    async create(fields: AlbumFields): Promise<number> {
      const id = await auditedWrite(db, 'albums', undefined, async (trx) => {
        const names = await checkReferences(trx, dialect, fields);
        const now = nowIso();
        const row = await trx
          .insertInto('albums')
          .values({
            title: fields.title,
            albumType: fields.albumType,
            primaryArtistId: fields.primaryArtistId,
            genreId: fields.genreId,
            releaseDate: fields.releaseDate,
            description: fields.description,
            coverArt: fields.coverArt,
            searchText: albumSearchText({ title: fields.title, names }),
            createdAt: now,
            updatedAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await replaceCollaborators(trx, row.id, fields.collaboratorIds);
        return row.id;
      });
      return Number(id);
    },

    /** Replaces the album's fields and collaborators; its songs' search text follows, same transaction. */
    async update(id: number, fields: AlbumFields): Promise<WriteResult | null> {
      let result: WriteResult | null = null;
      // The snapshot before is read ahead of the locks (artists first, then the album); SQLite runs one
      // transaction at a time, and on PostgreSQL only a concurrent edit of the same album could slip in.
      await auditedWrite(db, 'albums', id, async (trx) => {
        // Artists before the album: a rename locks its artist, then the albums it rewrites.
        const names = await checkReferences(trx, dialect, fields);
        const before = await lockAlbum(trx, id);
        if (!before) return undefined;
        await trx
          .updateTable('albums')
          .set({
            title: fields.title,
            albumType: fields.albumType,
            primaryArtistId: fields.primaryArtistId,
            genreId: fields.genreId,
            releaseDate: fields.releaseDate,
            description: fields.description,
            coverArt: fields.coverArt,
            searchText: albumSearchText({ title: fields.title, names }),
            updatedAt: nowIso(),
          })
          .where('id', '=', id)
          .execute();
        await replaceCollaborators(trx, id, fields.collaboratorIds);
        await refreshAlbumSearch(trx, [id]);
        result = releasedBy([before.coverArt], [fields.coverArt]);
        return id;
      });
      return result;
    },

    /** Refused with 409 while the album has songs; its collaborator rows go with it. */
    async delete(id: number): Promise<WriteResult | null> {
      let result: WriteResult | null = null;
      await auditedWrite(db, 'albums', id, async (trx) => {
        const before = await lockAlbum(trx, id);
        if (!before) return undefined;
        const { n } = await trx
          .selectFrom('songs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('albumId', '=', id)
          .executeTakeFirstOrThrow();
        const songs = num(n);
        if (songs > 0) throw conflict(`Album still has ${songs} song${songs === 1 ? '' : 's'}`, { songs });
        await trx.deleteFrom('albums').where('id', '=', id).execute();
        result = releasedBy([before.coverArt]);
        return id;
      });
      return result;
    },
  };
}
