import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountSessionSchema,
  appLoginBodySchema,
  passwordResetBodySchema,
  registerBodySchema,
  socialBodySchema,
  socialParamsSchema,
} from '../../../contract/accounts';
import { successEnvelope } from '../../../contract/envelope';
import type { Database } from '../../db/database';
import { ok } from '../../http/envelope';
import { orNotFound } from '../../http/errors';
import { rateLimitFor } from '../../http/rate-limit';
import { errors } from '../../openapi/route-docs';
import { usersRepo } from '../users/repo';
import { passwordResets } from './reset-tokens';
import type { AccountService, SignedIn } from './service';

/** Sign-in, registration and password reset attempts per client address, all counted together. */
export const SIGN_IN_LIMIT = { max: 10, windowMs: 60 * 1000 };

const userAgent = (request: FastifyRequest) => request.headers['user-agent']?.slice(0, 512) ?? null;

/** The public entry points of app-user accounts; each answers a fresh token pair. */
export function signInRoutes(database: Database, accounts: AccountService) {
  const users = usersRepo(database.db, database.dialect);
  const resets = passwordResets(database.db);
  const session = async ({ userId, tokens }: SignedIn) => ({
    user: orNotFound(await users.get(userId), 'User'),
    tokens,
  });
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['account'];
    const config = {
      access: 'public',
      rateLimit: rateLimitFor('sign-in', SIGN_IN_LIMIT.max, SIGN_IN_LIMIT.windowMs),
    } as const;
    const limited = errors({
      403: 'The account is suspended, or a cross-site browser request.',
      429: 'Too many attempts from this address; retry after `Retry-After` seconds.',
    });

    r.post(
      '/api/account/register',
      {
        config,
        schema: {
          tags,
          summary: 'Create an app account with email and password, signed in on this device',
          body: registerBodySchema,
          response: {
            201: successEnvelope(accountSessionSchema),
            ...limited,
            ...errors({ 409: 'The email or username is already taken.' }),
          },
        },
      },
      async (request, reply) => {
        const signedIn = await accounts.register(request.body, userAgent(request));
        return reply.status(201).send(ok(await session(signedIn), 'Account created'));
      },
    );

    r.post(
      '/api/account/login',
      {
        config,
        schema: {
          tags,
          summary: 'Sign in with email and password',
          body: appLoginBodySchema,
          response: {
            200: successEnvelope(accountSessionSchema),
            ...limited,
            ...errors({ 401: 'Wrong email or password (code INVALID_CREDENTIALS).' }),
          },
        },
      },
      async (request) =>
        ok(
          await session(await accounts.login(request.body.email, request.body.password, userAgent(request))),
        ),
    );

    r.post(
      '/api/account/social/:provider',
      {
        config,
        schema: {
          tags,
          summary: 'Sign in (or sign up) with a Google or Apple ID token',
          params: socialParamsSchema,
          body: socialBodySchema,
          response: {
            200: successEnvelope(accountSessionSchema),
            201: successEnvelope(accountSessionSchema),
            ...limited,
            ...errors({ 401: 'The ID token is invalid, expired or not for this app.' }),
          },
        },
      },
      async (request, reply) => {
        const signedIn = await accounts.social(request.params.provider, request.body, userAgent(request));
        return reply
          .status(signedIn.created ? 201 : 200)
          .send(ok(await session(signedIn), signedIn.created ? 'Account created' : undefined));
      },
    );

    r.post(
      '/api/account/password-reset',
      {
        config,
        schema: {
          tags,
          summary: 'Set a new password with a one-time reset token (signs out every device)',
          body: passwordResetBodySchema,
          response: {
            200: successEnvelope(z.null()),
            ...limited,
            ...errors({ 410: 'The reset token was used or has expired.' }),
          },
        },
      },
      async (request) => {
        await resets.reset(request.body.token, request.body.password);
        return ok(null, 'Password changed; sign in again');
      },
    );
  };
}
