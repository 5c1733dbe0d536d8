import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { SocialProvider } from '../contract/accounts';
import { DEFAULT_AUDIT_RETENTION_DAYS } from './audit/retention';
import { auditLogRoutes } from './audit/routes';
import { type Clock, systemClock } from './clock';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import { registerAccessLog } from './http/access-log';
import { type RouteAccess, registerAuthGuard, requireDeclaredAccess } from './http/auth-guard';
import { registerNoStoreDefault } from './http/cache-control';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/error-handler';
import { registerOriginCheck } from './http/origin-check';
import {
  APP_USER_RATE_LIMITS,
  type AppUserRateLimits,
  rateLimitAppUserRoutes,
  registerRateLimit,
} from './http/rate-limit';
import { registerNulRejection } from './http/reject-nul';
import { registerRequestTurns } from './http/request-turns';
import { ResponseCache, type ResponseCacheOptions, registerResponseCache } from './http/response-cache';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { scheduleAudioSweep } from './media/audio-sweep';
import { mediaRoutes } from './media/plugin';
import { appMedia } from './media/setup';
import { mobileRoutes } from './mobile/plugin';
import { accountAdminRoutes } from './modules/accounts/admin-routes';
import { bearerAuth } from './modules/accounts/bearer';
import { accountRoutes } from './modules/accounts/routes';
import { accountService } from './modules/accounts/service';
import { signInRoutes } from './modules/accounts/sign-in-routes';
import { DEFAULT_JWKS, socialVerifier } from './modules/accounts/social';
import { albumRoutes } from './modules/albums/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { artistRoutes } from './modules/artists/routes';
import { authRoutes } from './modules/auth/routes';
import { authService } from './modules/auth/service';
import { bannerRoutes } from './modules/banners/routes';
import { exportRoutes } from './modules/exports/routes';
import { genreRoutes } from './modules/genres/routes';
import { healthRoutes } from './modules/health/routes';
import { playlistRoutes } from './modules/playlists/routes';
import { settingsRoutes } from './modules/settings/routes';
import { songCreateRoutes } from './modules/songs/create-routes';
import { songDownloadRoutes } from './modules/songs/download';
import { songRoutes } from './modules/songs/routes';
import { userPlaylistRoutes } from './modules/user-playlists/routes';
import { userRoutes } from './modules/users/routes';
import { swaggerOptions } from './openapi/document';

export interface AppDeps {
  database: Database;
  config: Pick<AppConfig, 'cookieSecure' | 'publicUrl' | 'secretKey' | 'dataDir'> &
    Partial<Pick<AppConfig, 'trustProxy' | 'googleClientIds' | 'appleClientIds' | 'auditRetentionDays'>>;
  /** Where Google's and Apple's signing keys are fetched; tests serve their own on loopback. */
  socialJwks?: Partial<Record<SocialProvider, URL>>;
  /** Folder of the built SPA; omitted in API tests. */
  webDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Now, for date-dependent reads (banner schedules); the system clock unless a test pins it. */
  clock?: Clock;
  /** Requests an app user may make per token and per address (tests lower them). */
  appUserRateLimits?: AppUserRateLimits;
  /** Clock and limits of the response cache (tests inject a clock). */
  responseCache?: ResponseCacheOptions;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, for the test that proves each route's access level. */
    registeredRoutes: RegisteredRoute[];
    /** Cached answers of the routes declaring `config.cache` (http/response-cache.ts). */
    responseCache: ResponseCache;
  }
}

export const JSON_BODY_LIMIT = 2 * 1024 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    // Fastify's own per-request lines are off: http/access-log.ts writes one line per request instead.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: deps.config.trustProxy ?? false,
    frameworkErrors,
    // While stopping, requests that reach an open connection are still served, not answered 503.
    return503OnClosing: false,
    // Fastify would cut idle connections at close, and a connection whose request is not parsed yet counts
    // as idle; main.ts closes the idle ones itself once they have had time to send (see shutdown).
    forceCloseConnections: false,
    clientErrorHandler,
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    requireDeclaredAccess(route);
    const access = route.config?.access;
    if (!access) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, access });
    }
  });

  registerRequestTurns(app);
  registerErrorHandling(app);
  registerAccessLog(app);
  await app.register(fastifyCookie);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  await app.register(fastifySwagger, swaggerOptions);

  const auth = authService(deps.database, deps.clock);
  registerAuthGuard(app, auth, bearerAuth(deps.database.db));
  registerOriginCheck(app, deps.config.publicUrl);
  await registerRateLimit(app, deps.database);
  rateLimitAppUserRoutes(app, deps.appUserRateLimits ?? APP_USER_RATE_LIMITS);
  registerNulRejection(app);
  registerNoStoreDefault(app);
  app.decorate('responseCache', new ResponseCache(deps.database.changes, deps.responseCache));
  registerResponseCache(app, app.responseCache);
  const media = appMedia(deps.database, deps.config);
  scheduleAudioSweep(app, media);

  await app.register(healthRoutes(deps.database));
  await app.register(authRoutes(auth, deps.config));
  await app.register(genreRoutes(deps.database));
  await app.register(artistRoutes(deps.database, media.release));
  await app.register(albumRoutes(deps.database, media.release));
  await app.register(songRoutes(deps.database, media.release));
  await app.register(songCreateRoutes(deps.database, media));
  await app.register(songDownloadRoutes(deps.database, media));
  await app.register(playlistRoutes(deps.database));
  await app.register(bannerRoutes(deps.database, deps.clock, media.release));
  await app.register(userRoutes(deps.database));
  await app.register(exportRoutes(deps.database, deps.clock));
  await app.register(accountRoutes(deps.database));
  await app.register(accountAdminRoutes(deps.database));
  await app.register(userPlaylistRoutes(deps.database));
  const social = socialVerifier({
    google: {
      clientIds: deps.config.googleClientIds ?? [],
      jwksUrl: deps.socialJwks?.google ?? DEFAULT_JWKS.google,
    },
    apple: {
      clientIds: deps.config.appleClientIds ?? [],
      jwksUrl: deps.socialJwks?.apple ?? DEFAULT_JWKS.apple,
    },
  });
  await app.register(signInRoutes(deps.database, accountService(deps.database.db, social)));
  await app.register(settingsRoutes(deps.database, deps.config.secretKey));
  await app.register(analyticsRoutes(deps.database));
  await app.register(
    auditLogRoutes(deps.database, {
      clock: deps.clock ?? systemClock,
      retentionDays: deps.config.auditRetentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS,
    }),
  );
  await app.register(mediaRoutes(media));
  await app.register(
    mobileRoutes({
      database: deps.database,
      secretKey: deps.config.secretKey,
      media,
      publicUrl: deps.config.publicUrl,
      clock: deps.clock ?? systemClock,
    }),
  );
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  await registerWebApp(app, deps.webDir);
  return app;
}
