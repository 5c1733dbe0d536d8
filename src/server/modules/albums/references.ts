import type { Kysely } from 'kysely';
import type { FieldError } from '../../../contract/errors';
import type { Dialect } from '../../db/database';
import type { DB } from '../../db/schema';
import { validationFailed } from '../../http/errors';
import type { AlbumFields } from './repo';

/**
 * Checks, inside the writing transaction, that the album's artists and genre exist; a missing one is a
 * 400 naming its field. Returns the credited artists' names in credit order (for the search text).
 */
export async function checkReferences(
  trx: Kysely<DB>,
  dialect: Dialect,
  fields: Pick<AlbumFields, 'primaryArtistId' | 'collaboratorIds' | 'genreId'>,
): Promise<string[]> {
  // PostgreSQL: hold the rows until commit, so a concurrent delete waits and then sees this album.
  const shared = dialect === 'postgres';
  const wanted = [...(fields.primaryArtistId ? [fields.primaryArtistId] : []), ...fields.collaboratorIds];
  const [artists, genre] = await Promise.all([
    wanted.length === 0
      ? Promise.resolve([])
      : trx
          .selectFrom('artists')
          .select(['id', 'name'])
          .where('id', 'in', wanted)
          .$if(shared, (qb) => qb.forShare())
          .execute(),
    fields.genreId === null
      ? Promise.resolve(null)
      : trx
          .selectFrom('genres')
          .select('id')
          .where('id', '=', fields.genreId)
          .$if(shared, (qb) => qb.forShare())
          .executeTakeFirst(),
  ]);
  const names = new Map(artists.map((a) => [a.id, a.name]));
  const errors: FieldError[] = [];
  if (fields.primaryArtistId && !names.has(fields.primaryArtistId)) {
    errors.push({ field: 'primaryArtistId', message: `Artist ${fields.primaryArtistId} does not exist` });
  }
  const missing = fields.collaboratorIds.filter((id) => !names.has(id));
  if (missing.length > 0) {
    errors.push({
      field: 'selectedArtists',
      message: `Artist${missing.length === 1 ? '' : 's'} ${missing.join(', ')} ${missing.length === 1 ? 'does' : 'do'} not exist`,
    });
  }
  if (fields.genreId !== null && !genre) {
    errors.push({ field: 'genreId', message: `Genre ${fields.genreId} does not exist` });
  }
  const [first] = errors;
  if (first) throw validationFailed(errors, `${first.field}: ${first.message}`);
  return wanted.map((id) => names.get(id) ?? '');
}
