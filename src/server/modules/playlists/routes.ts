import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../contract/fields';
import { listQueryBase } from '../../../contract/list-query';
import {
  playlistCountsSchema,
  playlistListQuerySchema,
  playlistSchema,
  playlistSongsQuerySchema,
  playlistUpdateSchema,
} from '../../../contract/playlists';
import { songSchema } from '../../../contract/songs';
import type { Database } from '../../db/database';
import { cachedRead } from '../../db/reads';
import { notFound, orNotFound } from '../../http/errors';
import { withTotal } from '../../http/list-reply';
import { noContent } from '../../openapi/route-docs';
import { playlistsRepo } from './repo';

export function playlistRoutes(database: Database) {
  const playlists = playlistsRepo(database.db, database.dialect);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['playlists'];

    r.get(
      '/api/playlists',
      {
        config: { access: 'admin', cache: cachedRead('playlists') },
        schema: {
          tags,
          summary: 'List playlists',
          description:
            'All playlists app users made, hidden and private ones included. Searches name, description and ' +
            'creator; `filter` picks a tab (public = isPublic and not hidden).',
          querystring: playlistListQuerySchema,
          response: { 200: z.array(playlistSchema) },
        },
      },
      async (request, reply) => withTotal(reply, await playlists.list(request.query)),
    );

    // Registered before /:id so "counts" is never read as an id.
    r.get(
      '/api/playlists/counts',
      {
        config: { access: 'admin', cache: cachedRead('playlists') },
        schema: {
          tags,
          summary: 'Count playlists per tab',
          description: 'All, featured, public and hidden, with the same search as the list.',
          querystring: listQueryBase.pick({ q: true }),
          response: { 200: playlistCountsSchema },
        },
      },
      async (request) => playlists.counts(request.query.q),
    );

    r.get(
      '/api/playlists/:id',
      {
        config: { access: 'admin', cache: cachedRead('playlists') },
        schema: {
          tags,
          summary: 'Get a playlist',
          params: idParamsSchema,
          response: { 200: playlistSchema },
        },
      },
      async (request) => orNotFound(await playlists.get(request.params.id), 'Playlist'),
    );

    r.get(
      '/api/playlists/:id/songs',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: "A page of a playlist's songs, in playlist order (read-only)",
          params: idParamsSchema,
          querystring: playlistSongsQuerySchema,
          response: { 200: z.array(songSchema) },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        if (!(await playlists.get(id))) throw notFound('Playlist');
        return withTotal(reply, await playlists.songs(id, request.query));
      },
    );

    r.put(
      '/api/playlists/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Feature or hide a playlist',
          description: 'Sends `isFeatured`, `isHidden` or both; other fields stay as they are.',
          params: idParamsSchema,
          body: playlistUpdateSchema,
          response: { 200: playlistSchema },
        },
      },
      async (request) => {
        if (!(await playlists.update(request.params.id, request.body))) throw notFound('Playlist');
        return orNotFound(await playlists.get(request.params.id), 'Playlist');
      },
    );

    r.delete(
      '/api/playlists/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Delete a playlist',
          params: idParamsSchema,
          response: { 204: noContent('Deleted') },
        },
      },
      async (request, reply) => {
        if (!(await playlists.delete(request.params.id))) throw notFound('Playlist');
        return reply.status(204).send();
      },
    );
  };
}
