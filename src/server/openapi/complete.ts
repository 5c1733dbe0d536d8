import { z } from 'zod';
import { ErrorCode, errorEnvelopeSchema } from '../../contract/errors';
import { TOTAL_COUNT_EXACT_HEADER, TOTAL_COUNT_HEADER } from '../../contract/list-query';
import { REQUEST_EXAMPLE } from './route-docs';

/**
 * What the whole document derives from the routes' own declarations, so that no route repeats it:
 * the error answers every route of a kind can give, the error envelope on each of them, the
 * `X-Total-Count` header of lists, operation ids, and the encoding of multipart uploads.
 */

type Json = Record<string, unknown>;
interface Operation extends Json {
  operationId?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, Json>; required?: boolean };
  responses: Record<string, Json>;
  security?: Record<string, string[]>[];
}

const ERROR_REF = '#/components/schemas/ErrorEnvelope';
const METHODS = ['get', 'head', 'put', 'post', 'delete', 'patch'] as const;

/** Standard meaning and example of each error status, used where the route does not say more. */
export const ERROR_STATUSES: Record<string, { description: string; example: Json }> = {
  400: {
    description: 'Invalid input: `details` lists each invalid field with its message.',
    example: {
      error: 'name: Required',
      code: ErrorCode.validation,
      details: [{ field: 'name', message: 'Required' }],
    },
  },
  401: {
    description: 'Not signed in, or the session or token is missing, expired or revoked.',
    example: { error: 'Authentication required', code: ErrorCode.unauthenticated, details: null },
  },
  403: {
    description: 'Refused: a cross-site browser request, or a caller that may not do this.',
    example: { error: 'Cross-origin request refused', code: ErrorCode.forbiddenOrigin, details: null },
  },
  404: {
    description: 'No such record.',
    example: { error: 'Song not found', code: ErrorCode.notFound, details: null },
  },
  409: {
    description: 'Conflicts with the stored data.',
    example: { error: 'Album still has 3 songs', code: ErrorCode.conflict, details: { songCount: 3 } },
  },
  413: {
    description: 'The body is larger than allowed (2 MB for JSON).',
    example: { error: 'Request body too large', code: ErrorCode.tooLarge, details: null },
  },
  415: {
    description: 'The content type of the body, or the type of an uploaded file, is not accepted.',
    example: { error: 'Unsupported content type', code: ErrorCode.unsupportedMediaType, details: null },
  },
  429: {
    description: 'Too many requests; retry after the number of seconds in `Retry-After`.',
    example: { error: 'Too many attempts, try again later', code: ErrorCode.rateLimited, details: null },
  },
  500: {
    description: 'The server failed; the body never carries a stack trace.',
    example: { error: 'Internal server error', code: ErrorCode.internal, details: null },
  },
};

const RETRY_AFTER_HEADER = {
  description: 'Seconds to wait before trying again.',
  required: true,
  schema: { type: 'integer', minimum: 1 },
};

const SUCCESS_DESCRIPTIONS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  204: 'Done; no body.',
};

const DEFAULT_DESCRIPTION = 'Default Response';

/** Marks an operation answered from the response cache (set per route from `config.cache`). */
export const CACHED = 'x-cached';

/** A cached read answers with an ETag and honours If-None-Match with 304. */
function completeCachedRead(op: Operation): void {
  if (!op[CACHED]) return;
  delete op[CACHED];
  const ok = op.responses['200'];
  if (ok) {
    ok.headers = {
      ...(ok.headers as Json | undefined),
      ETag: {
        description: 'Identifies this answer; send it back in If-None-Match to get 304 while it is current.',
        required: true,
        schema: { type: 'string' },
      },
    };
  }
  op.responses['304'] = { description: 'Not modified: the ETag in If-None-Match is still current; no body.' };
  op.parameters = [
    ...(op.parameters ?? []),
    {
      in: 'header',
      name: 'If-None-Match',
      required: false,
      description: 'The ETag of an earlier answer.',
      schema: { type: 'string' },
    } as { in: string; name: string },
  ];
}

/** The error statuses an operation can answer by its kind alone. */
export function derivedErrors(method: string, path: string, op: Operation): string[] {
  // Any request can be refused as malformed (a NUL character in the query, a bad Content-Length…).
  const statuses = new Set<string>(['400', '500']);
  const security = op.security ?? [];
  if (security.length > 0) statuses.add('401');
  if (security.some((s) => 'appUserToken' in s)) {
    // A suspended user is refused; every call an app user may make is rate-limited (http/rate-limit.ts).
    statuses.add('403');
    statuses.add('429');
  }
  if (path.includes('{')) statuses.add('404');
  if (method !== 'get') {
    // A body can be too large or of a type no parser accepts; a browser request can be cross-site.
    for (const s of ['403', '413', '415']) statuses.add(s);
  }
  return [...statuses];
}

function errorResponse(status: string, declared: Json | undefined): Json {
  const standard = ERROR_STATUSES[status];
  const own = declared?.description;
  const description = typeof own === 'string' && own !== DEFAULT_DESCRIPTION ? own : standard?.description;
  return {
    description: description ?? 'Error',
    ...(status === '429' ? { headers: { 'Retry-After': RETRY_AFTER_HEADER } } : {}),
    content: {
      'application/json': {
        schema: { $ref: ERROR_REF },
        ...(standard ? { example: standard.example } : {}),
      },
    },
  };
}

function isList(method: string, op: Operation): boolean {
  const schema = (op.responses['200']?.content as Record<string, Json> | undefined)?.['application/json']
    ?.schema as Json | undefined;
  return method === 'get' && schema?.type === 'array' && !!op.parameters?.some((p) => p.name === 'limit');
}

/**
 * The example of a schema, composed only of documented examples and constants: its own, else an
 * array of its item's, else an object of its properties' (when every required one has an example),
 * else the first alternative's that has one.
 */
function exampleOf(schema: Json | undefined): unknown {
  if (!schema) return undefined;
  if (REQUEST_EXAMPLE in schema) return schema[REQUEST_EXAMPLE];
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if (schema.type === 'null') return null;
  if (Array.isArray(schema.enum) && schema.enum.length === 1) return schema.enum[0];
  for (const branch of (schema.anyOf ?? schema.oneOf ?? []) as Json[]) {
    const example = exampleOf(branch);
    if (example !== undefined) return example;
  }
  if (schema.type === 'array') {
    const item = exampleOf(schema.items as Json | undefined);
    return item === undefined ? undefined : [item];
  }
  const properties = schema.properties as Record<string, Json> | undefined;
  if (schema.type !== 'object' || !properties) return undefined;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const example: Json = {};
  for (const [name, property] of Object.entries(properties)) {
    const value = exampleOf(property);
    if (value === undefined && required.has(name)) return undefined;
    if (value !== undefined) example[name] = value;
  }
  return example;
}

function liftExample(media: Json): void {
  if ('example' in media || 'examples' in media) return;
  const example = exampleOf(media.schema as Json | undefined);
  if (example !== undefined) media.example = example;
}

/** Request examples travel in REQUEST_EXAMPLE (see requestExample); once lifted, they leave the schemas. */
function dropRequestExamples(value: unknown): void {
  if (Array.isArray(value)) for (const item of value) dropRequestExamples(item);
  else if (value && typeof value === 'object') {
    delete (value as Json)[REQUEST_EXAMPLE];
    for (const item of Object.values(value)) dropRequestExamples(item);
  }
}

/** Multipart file fields carry their accepted types in `x-content-types`: move them into the encoding. */
function completeMultipart(op: Operation): void {
  const media = op.requestBody?.content?.['multipart/form-data'];
  const properties = (media?.schema as Json | undefined)?.properties as Record<string, Json> | undefined;
  if (!media || !properties) return;
  const encoding: Record<string, Json> = {};
  for (const [name, property] of Object.entries(properties)) {
    const types = property['x-content-types'];
    if (Array.isArray(types)) encoding[name] = { contentType: types.join(', ') };
    delete property['x-content-types'];
  }
  if (Object.keys(encoding).length > 0) media.encoding = encoding;
}

/** A JSON body the route accepts as null or absent (a `.nullish()` schema) is an optional body. */
function completeOptionalBody(op: Operation): void {
  const schema = op.requestBody?.content?.['application/json']?.schema as { anyOf?: Json[] } | undefined;
  if (op.requestBody && schema?.anyOf?.some((s) => s.type === 'null')) op.requestBody.required = false;
}

function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .map((segment) => segment.replace(/^\{(\w+)\}$/, 'by-$1'))
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method, ...words].map((w, i) => (i === 0 ? w : w[0]?.toUpperCase() + w.slice(1))).join('');
}

function completeOperation(method: string, path: string, op: Operation): void {
  op.operationId ??= operationId(method, path);
  completeCachedRead(op);
  for (const status of derivedErrors(method, path, op)) op.responses[status] ??= {};
  for (const [status, response] of Object.entries(op.responses)) {
    if (Number(status) >= 400) {
      op.responses[status] = errorResponse(status, response);
      continue;
    }
    if (response.description === DEFAULT_DESCRIPTION)
      response.description = SUCCESS_DESCRIPTIONS[status] ?? DEFAULT_DESCRIPTION;
    for (const media of Object.values((response.content ?? {}) as Record<string, Json>)) liftExample(media);
  }
  if (isList(method, op)) {
    const ok = op.responses['200'] as Json;
    ok.headers = {
      ...(ok.headers as Json | undefined),
      [TOTAL_COUNT_HEADER]: {
        description:
          'How many rows match the query in all (the body holds one page of them). Exact up to 10,000; ' +
          `when more match, a lower bound (the larger of 10,000 and offset + rows on this page) and ${TOTAL_COUNT_EXACT_HEADER} is false.`,
        required: true,
        schema: { type: 'integer', minimum: 0 },
      },
      [TOTAL_COUNT_EXACT_HEADER]: {
        description: `"true" when ${TOTAL_COUNT_HEADER} is exact, "false" when it is a lower bound (more than 10,000 rows match).`,
        required: true,
        schema: { type: 'string', enum: ['true', 'false'] },
      },
    };
  }
  for (const media of Object.values(op.requestBody?.content ?? {})) liftExample(media);
  completeMultipart(op);
  completeOptionalBody(op);
  // Statuses in numeric order, so the document reads (and diffs) the same whatever the declaration order.
  op.responses = Object.fromEntries(Object.entries(op.responses).sort(([a], [b]) => a.localeCompare(b)));
}

export function completeDocument(doc: Json): Json {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      // Fastify documents GET and HEAD of one route with one shared object: each gets its own.
      const op = item[method] ? structuredClone(item[method]) : undefined;
      if (op) {
        if (method === 'head') op.operationId = `${op.operationId ?? operationId('get', path)}Head`;
        completeOperation(method, path, op);
        item[method] = op;
      }
    }
  }
  dropRequestExamples(paths);
  const components = (doc.components ?? {}) as Json;
  const { $schema: _, ...envelope } = z.toJSONSchema(errorEnvelopeSchema, {
    target: 'draft-2020-12',
  }) as Json;
  components.schemas = {
    ...(components.schemas as Json | undefined),
    ErrorEnvelope: {
      ...envelope,
      description:
        'The one error shape: a human message, a machine code and details (e.g. the invalid fields).',
      properties: {
        ...(envelope.properties as Json),
        details: {
          description: 'What the code needs: the invalid fields of a 400, counts of a 409, or null.',
        },
      },
    },
  };
  return { ...doc, components };
}
