import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { successEnvelope } from '../../contract/envelope';
import {
  admobConfigSchema,
  admobParamsSchema,
  mobileConfigSchema,
  notificationsConfigSchema,
  socialConfigSchema,
  storageConfigSchema,
} from '../../contract/mobile';
import type { Database } from '../db/database';
import { cachedRead } from '../db/reads';
import { publicCacheHeaders } from '../http/audience';
import { ok } from '../http/envelope';
import { readSettings } from '../modules/settings/repo';
import { admobFor, mobileConfigFor, notificationsFor, socialFor, storageFor } from './public-settings';

/** The app's public configuration reads, each built from the App Settings without any secret. */
export function mobileConfigRoutes(database: Database, secretKey: string) {
  const settings = () => readSettings(database.db, secretKey);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['mobile'];
    const config = { access: 'public', cache: cachedRead('settings') } as const;
    const onRequest = publicCacheHeaders;

    r.get(
      '/api/mobile/config',
      {
        config,
        onRequest,
        schema: {
          tags,
          summary: 'Everything the app reads at start: languages, ads, social, notifications, storage',
          response: { 200: successEnvelope(mobileConfigSchema) },
        },
      },
      async () => ok(mobileConfigFor(await settings())),
    );

    r.get(
      '/api/mobile/admob/:platform',
      {
        config,
        onRequest,
        schema: {
          tags,
          summary: 'Ad network app id and the banner, interstitial, rewarded and native unit ids',
          params: admobParamsSchema,
          response: { 200: successEnvelope(admobConfigSchema) },
        },
      },
      async (request) => ok(admobFor(await settings(), request.params.platform)),
    );

    r.get(
      '/api/mobile/social',
      {
        config,
        onRequest,
        schema: {
          tags,
          summary: 'Facebook and Twitter, each with enabled (never a secret)',
          response: { 200: successEnvelope(socialConfigSchema) },
        },
      },
      async () => ok(socialFor(await settings())),
    );

    r.get(
      '/api/mobile/notifications',
      {
        config,
        onRequest,
        schema: {
          tags,
          summary: 'Push notification public ids (never a server key or API key)',
          response: { 200: successEnvelope(notificationsConfigSchema) },
        },
      },
      async () => ok(notificationsFor(await settings())),
    );

    r.get(
      '/api/mobile/storage-config',
      {
        config,
        onRequest,
        schema: {
          tags,
          summary: 'Storage location and the limits of POST /api/upload/mobile (never a key)',
          response: { 200: successEnvelope(storageConfigSchema) },
        },
      },
      async () => ok(storageFor(await settings())),
    );
  };
}
