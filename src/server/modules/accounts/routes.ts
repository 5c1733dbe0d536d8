import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authTokensSchema, deviceSchema, refreshBodySchema } from '../../../contract/accounts';
import { successEnvelope } from '../../../contract/envelope';
import { idParamsSchema } from '../../../contract/fields';
import { appUserSchema } from '../../../contract/users';
import type { Database } from '../../db/database';
import { ok } from '../../http/envelope';
import { notFound, orNotFound } from '../../http/errors';
import { errors } from '../../openapi/route-docs';
import { usersRepo } from '../users/repo';
import type { SignedInAppUser } from './bearer';
import { deviceTokens } from './devices';

/** The signed-in app user's own account and devices (the bearer token's user; never anyone else's). */
export function accountRoutes(database: Database) {
  const devices = deviceTokens(database.db);
  const users = usersRepo(database.db, database.dialect);
  const me = (user: SignedInAppUser | null): SignedInAppUser => {
    if (!user) throw new Error('appUser route reached without an app user');
    return user;
  };
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['account'];

    r.get(
      '/api/account/me',
      {
        config: { access: 'appUser' },
        schema: {
          tags,
          summary: 'The signed-in app user',
          response: { 200: successEnvelope(appUserSchema) },
        },
      },
      async (request) => ok(orNotFound(await users.get(me(request.appUser).id), 'User')),
    );

    r.post(
      '/api/account/refresh',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Exchange a refresh token for a new access and refresh token (the old pair stops working)',
          body: refreshBodySchema,
          response: {
            200: successEnvelope(authTokensSchema),
            ...errors({
              401: 'The refresh token is unknown, used, expired or revoked: sign in again.',
              403: 'The user is suspended, or a cross-site browser request.',
            }),
          },
        },
      },
      async (request) => ok(await devices.refresh(request.body.refreshToken)),
    );

    r.post(
      '/api/account/logout',
      {
        config: { access: 'appUser' },
        schema: {
          tags,
          summary: 'Sign this device out (revokes its tokens)',
          response: { 200: successEnvelope(z.null()) },
        },
      },
      async (request) => {
        const user = me(request.appUser);
        await devices.revoke(user.id, user.tokenId);
        return ok(null, 'Signed out');
      },
    );

    r.get(
      '/api/account/tokens',
      {
        config: { access: 'appUser' },
        schema: {
          tags,
          summary: "The signed-in user's devices (active tokens)",
          response: { 200: successEnvelope(z.array(deviceSchema)) },
        },
      },
      async (request) => {
        const user = me(request.appUser);
        const rows = await devices.list(user.id);
        return ok(rows.map((row) => ({ ...row, current: row.id === user.tokenId })));
      },
    );

    r.delete(
      '/api/account/tokens/:id',
      {
        config: { access: 'appUser' },
        schema: {
          tags,
          summary: "Revoke one of the signed-in user's devices",
          params: idParamsSchema,
          response: { 200: successEnvelope(z.null()) },
        },
      },
      async (request) => {
        // Another user's device answers exactly like a missing one.
        if (!(await devices.revoke(me(request.appUser).id, request.params.id))) throw notFound('Token');
        return ok(null, 'Token revoked');
      },
    );
  };
}
