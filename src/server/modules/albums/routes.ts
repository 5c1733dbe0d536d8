import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  albumInputSchema,
  albumListQuerySchema,
  albumSchema,
  albumYearsSchema,
} from '../../../contract/albums';
import { idParamsSchema } from '../../../contract/fields';
import type { Database } from '../../db/database';
import { cachedRead } from '../../db/reads';
import { keepFiles, type ReleaseFiles } from '../../db/released-files';
import { resolveAudience } from '../../http/audience';
import { notFound, orNotFound } from '../../http/errors';
import { withTotal } from '../../http/list-reply';
import { errors, noContent } from '../../openapi/route-docs';
import { type AlbumFields, albumsRepo } from './repo';

/**
 * A single keeps its primary artist and no collaborators; a collaboration has no primary artist and
 * its selected artists in the order given (repeats dropped). Fields left out of a PUT are cleared.
 */
const fields = (body: z.output<typeof albumInputSchema>): AlbumFields => {
  const single = body.albumType === 'single';
  return {
    title: body.title,
    albumType: body.albumType,
    primaryArtistId: single ? (body.primaryArtistId ?? null) : null,
    collaboratorIds: single ? [] : [...new Set(body.selectedArtists)],
    genreId: body.genreId ?? null,
    releaseDate: body.releaseDate ?? null,
    description: body.description ?? null,
    coverArt: body.coverArt ?? null,
  };
};

/** `release` removes the cover an update or delete leaves unused, after the commit. */
export function albumRoutes(database: Database, release: ReleaseFiles = keepFiles) {
  const albums = albumsRepo(database.db, database.dialect);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['albums'];
    // The same fields for both audiences; the app's track counts count published songs only.
    const audience = resolveAudience(app);

    r.get(
      '/api/albums',
      {
        config: { access: 'public', cache: cachedRead('albums') },
        onRequest: audience,
        schema: {
          tags,
          summary: 'List albums',
          description:
            'Searches title and artist names (Arabic letter variants folded); filters by genre, artist and year.',
          querystring: albumListQuerySchema,
          response: { 200: z.array(albumSchema) },
        },
      },
      async (request, reply) => withTotal(reply, await albums.list(request.query, !request.admin)),
    );

    r.get(
      '/api/albums/years',
      {
        config: { access: 'admin', cache: cachedRead('albums') },
        schema: {
          tags,
          summary: 'List release years',
          description: "The years of the albums' release dates, newest first (for the year filter).",
          response: { 200: albumYearsSchema },
        },
      },
      async () => albums.years(),
    );

    r.get(
      '/api/albums/:id',
      {
        config: { access: 'public', cache: cachedRead('albums') },
        onRequest: audience,
        schema: { tags, summary: 'Get an album', params: idParamsSchema, response: { 200: albumSchema } },
      },
      async (request) => orNotFound(await albums.get(request.params.id, !request.admin), 'Album'),
    );

    r.post(
      '/api/albums',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Create an album',
          description:
            'A single needs `primaryArtistId`; a collaboration needs `selectedArtists` (credited in that order). ' +
            'Unknown artist or genre ids answer 400.',
          body: albumInputSchema,
          response: { 201: albumSchema },
        },
      },
      async (request, reply) => {
        const id = await albums.create(fields(request.body));
        return reply.status(201).send(orNotFound(await albums.get(id), 'Album'));
      },
    );

    r.put(
      '/api/albums/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Replace an album',
          description: 'Every field is replaced: the ones left out are cleared.',
          params: idParamsSchema,
          body: albumInputSchema,
          response: { 200: albumSchema },
        },
      },
      async (request) => {
        const updated = await albums.update(request.params.id, fields(request.body));
        if (!updated) throw notFound('Album');
        await release(updated.released, request.log);
        return orNotFound(await albums.get(request.params.id), 'Album');
      },
    );

    r.delete(
      '/api/albums/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Delete an album',
          params: idParamsSchema,
          response: {
            204: noContent('Deleted'),
            ...errors({ 409: 'The album still has songs; `details.songs` says how many.' }),
          },
        },
      },
      async (request, reply) => {
        const deleted = await albums.delete(request.params.id);
        if (!deleted) throw notFound('Album');
        await release(deleted.released, request.log);
        return reply.status(204).send();
      },
    );
  };
}
