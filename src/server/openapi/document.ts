import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { type AccessLevel, accessLevels, type RouteAccess, SESSION_COOKIE } from '../http/auth-guard';
import { CACHED, completeDocument } from './complete';
import type { UploadDoc } from './route-docs';
import './examples';

/** The tags the document groups operations by, in this order; an operation's tags must be among them. */
export const TAGS = [
  { name: 'auth', description: 'Signing administrators in and out of the back-office' },
  { name: 'health', description: 'Is the server up and its database reachable' },
  { name: 'genres', description: 'Genres (the back-office calls them categories)' },
  { name: 'artists', description: 'Artists of the catalogue' },
  { name: 'albums', description: 'Albums, singles and collaborations' },
  { name: 'songs', description: 'Songs, their audio and downloads' },
  { name: 'upload', description: 'Audio uploads, tag reading and saving songs in bulk' },
  { name: 'playlists', description: 'Playlists made by app users, as the admin manages them' },
  { name: 'banners', description: 'Promotional banners shown in the app' },
  { name: 'users', description: 'App users (the listeners), as the admin manages them' },
  { name: 'settings', description: 'App settings: ad units, push, storage and social keys' },
  { name: 'analytics', description: 'Figures for the dashboard' },
  { name: 'audit log', description: 'Who changed which record, when, and what changed (read-only)' },
  {
    name: 'user playlists',
    description: "App users' own playlists: create, rename, order, add and remove songs",
  },
  { name: 'account', description: "The app user's own account: tokens, devices, profile" },
  { name: 'mobile', description: 'What the mobile app reads at start: ads, social, notifications, storage' },
  { name: 'search', description: 'Search over songs, artists and albums for the app' },
  { name: 'featured', description: "The app's home screen: featured playlists, new releases, top songs" },
] as const;

export const SECURITY_SCHEMES = {
  adminSession: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The back-office session, set by POST /api/auth/login (HttpOnly cookie).',
  },
  appUserToken: {
    type: 'http',
    scheme: 'bearer',
    description: "An app user's access token: `Authorization: Bearer <token>`.",
  },
} as const;

const SCHEME: Record<Exclude<AccessLevel, 'public'>, string> = {
  appUser: 'appUserToken',
  admin: 'adminSession',
};

/** The route's `config.access` as OpenAPI security: none for public, else any one of the listed levels. */
export function securityOf(config: unknown): Record<string, string[]>[] {
  const access = (config as { access?: RouteAccess } | undefined)?.access;
  if (access === undefined) throw new Error('a route without config.access cannot be documented');
  const levels = accessLevels(access);
  if (levels.includes('public')) return [];
  return levels.map((level) => ({ [SCHEME[level as Exclude<AccessLevel, 'public'>]]: [] }));
}

type RouteTransform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;

/** The multipart body of an upload route, as JSON Schema (documentation only: the handler streams it). */
function uploadBody(upload: UploadDoc): Record<string, unknown> {
  const { field } = upload;
  const mb = upload.maxBytes / (1024 * 1024);
  return {
    type: 'object',
    required: [field],
    properties: {
      [field]: {
        type: 'string',
        format: 'binary',
        contentMediaType: 'application/octet-stream',
        description: `${upload.description}; at most ${mb} MB (${upload.maxBytes} bytes), its type checked by content${upload.anyFieldName ? ' (any field name is accepted)' : ''}.`,
        'x-content-types': upload.contentTypes,
        'x-max-bytes': upload.maxBytes,
      },
    },
  };
}

/** Per route: zod → JSON Schema, the security of its access level, and a multipart body when it has one. */
export const routeTransform: RouteTransform = (input) => {
  const { schema: raw, route } = input;
  const { upload, documentedBody, ...routeSchema } = (raw ?? {}) as FastifySchema;
  if (documentedBody) routeSchema.body = documentedBody;
  const out = jsonSchemaTransform({ ...input, schema: routeSchema } as Parameters<
    typeof jsonSchemaTransform
  >[0]);
  const schema = { ...(out.schema as Record<string, unknown>) };
  if (schema.hide) return { schema, url: out.url };
  if (upload) {
    schema.body = uploadBody(upload);
    schema.consumes = ['multipart/form-data'];
  }
  schema.security = securityOf(route.config);
  if ((route.config as { cache?: unknown } | undefined)?.cache) schema[CACHED] = true;
  return { schema, url: out.url };
};

export const swaggerOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Nazenk API',
      version: '1.0.0',
      description:
        'The back-office and mobile API of the Nazenk catalogue of Balochi and Brahui music. Bodies are JSON ' +
        'unless an operation says multipart; dates are ISO 8601 strings, ids integers. Lists answer a JSON ' +
        'array with the total of matching rows in the `X-Total-Count` header. Every error answers the ' +
        'envelope `{error, code, details}`.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'This server (paths start with /api)' }],
    tags: TAGS.map((t) => ({ ...t })),
    components: { securitySchemes: { ...SECURITY_SCHEMES } },
  },
  transform: routeTransform,
  transformObject: (input) =>
    completeDocument(
      ('openapiObject' in input ? input.openapiObject : input.swaggerObject) as Record<string, unknown>,
    ),
};
