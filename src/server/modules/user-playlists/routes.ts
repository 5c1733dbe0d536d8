import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope } from '../../../contract/envelope';
import { ErrorCode } from '../../../contract/errors';
import { idParamsSchema } from '../../../contract/fields';
import {
  playlistOrderBodySchema,
  playlistSongBodySchema,
  playlistSongParamsSchema,
  userPlaylistCreateSchema,
  userPlaylistDetailSchema,
  userPlaylistSchema,
  userPlaylistUpdateSchema,
  userStatsSchema,
} from '../../../contract/user-playlists';
import type { Database } from '../../db/database';
import { ok } from '../../http/envelope';
import { HttpError } from '../../http/errors';
import { userPlaylistsRepo } from './repo';
import { userStats } from './stats';

const callerId = (request: FastifyRequest): number => {
  if (!request.appUser) throw new Error('appUser route reached without an app user');
  return request.appUser.id;
};

/** The app user's own playlists under /api/user/playlists, and GET /api/user/{id}/stats. */
export function userPlaylistRoutes(database: Database) {
  const playlists = userPlaylistsRepo(database.db);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['user playlists'];
    const config = { access: 'appUser' } as const;
    const detail = { 200: successEnvelope(userPlaylistDetailSchema) };

    r.get(
      '/api/user/playlists',
      {
        config,
        schema: {
          tags,
          summary: "The signed-in user's playlists (private and hidden ones included), last changed first",
          response: { 200: successEnvelope(z.array(userPlaylistSchema)) },
        },
      },
      async (request) => ok(await playlists.listOwn(callerId(request))),
    );

    r.post(
      '/api/user/playlists',
      {
        config,
        schema: {
          tags,
          summary: 'Create a playlist (private unless isPublic is true)',
          body: userPlaylistCreateSchema,
          response: { 201: successEnvelope(userPlaylistDetailSchema) },
        },
      },
      async (request, reply) => {
        const id = await playlists.create(callerId(request), request.body);
        return reply.status(201).send(ok(await playlists.get(id, callerId(request)), 'Playlist created'));
      },
    );

    r.get(
      '/api/user/playlists/:id',
      {
        config,
        schema: {
          tags,
          summary: "A playlist with its songs: the user's own, or anyone's public one that is not hidden",
          params: idParamsSchema,
          response: detail,
        },
      },
      async (request) => ok(await playlists.get(request.params.id, callerId(request))),
    );

    r.patch(
      '/api/user/playlists/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Rename, describe, or make public or private one of your playlists',
          params: idParamsSchema,
          body: userPlaylistUpdateSchema,
          response: detail,
        },
      },
      async (request) => {
        await playlists.update(request.params.id, callerId(request), request.body);
        return ok(await playlists.get(request.params.id, callerId(request)), 'Playlist updated');
      },
    );

    r.delete(
      '/api/user/playlists/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete one of your playlists',
          params: idParamsSchema,
          response: { 200: successEnvelope(z.null()) },
        },
      },
      async (request) => {
        await playlists.delete(request.params.id, callerId(request));
        return ok(null, 'Playlist deleted');
      },
    );

    r.post(
      '/api/user/playlists/:id/songs',
      {
        config,
        schema: {
          tags,
          summary: 'Add a published song at the end of one of your playlists (again: no change)',
          params: idParamsSchema,
          body: playlistSongBodySchema,
          response: detail,
        },
      },
      async (request) => {
        await playlists.addSong(request.params.id, callerId(request), request.body.songId);
        return ok(await playlists.get(request.params.id, callerId(request)));
      },
    );

    r.put(
      '/api/user/playlists/:id/songs',
      {
        config,
        schema: {
          tags,
          summary: 'Reorder one of your playlists: songIds lists exactly its songs in the new order',
          params: idParamsSchema,
          body: playlistOrderBodySchema,
          response: detail,
        },
      },
      async (request) => {
        await playlists.reorder(request.params.id, callerId(request), request.body.songIds);
        return ok(await playlists.get(request.params.id, callerId(request)));
      },
    );

    r.delete(
      '/api/user/playlists/:id/songs/:songId',
      {
        config,
        schema: {
          tags,
          summary: 'Remove a song from one of your playlists',
          params: playlistSongParamsSchema,
          response: detail,
        },
      },
      async (request) => {
        await playlists.removeSong(request.params.id, callerId(request), request.params.songId);
        return ok(await playlists.get(request.params.id, callerId(request)));
      },
    );

    r.get(
      '/api/user/:id/stats',
      {
        config: { access: ['appUser', 'admin'] },
        schema: {
          tags: ['users'],
          summary: "A user's activity: their own (bearer token), or anyone's for an admin",
          params: idParamsSchema,
          response: { 200: successEnvelope(userStatsSchema) },
        },
      },
      async (request) => {
        if (request.appUser && request.appUser.id !== request.params.id) {
          throw new HttpError(403, ErrorCode.forbidden, 'You may read only your own stats');
        }
        return ok(await userStats(database.db, request.params.id));
      },
    );
  };
}
