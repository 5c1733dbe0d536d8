/** The OpenAPI document as the API Docs screen reads it: endpoints grouped by tag, and the statuses used. */

type Json = Record<string, unknown>;

export interface OpenApiDocument {
  info?: { title?: string; description?: string; version?: string };
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, Json>>;
}

export interface Parameter {
  name: string;
  in: string;
  required: boolean;
  description?: string;
}

export interface Answer {
  status: string;
  description: string;
  example?: unknown;
}

export interface Endpoint {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** Who may call it, from the operation's security. */
  access: 'public' | 'admin' | 'appUser' | 'appUserOrAdmin';
  parameters: Parameter[];
  /** The JSON body's example, or the multipart form's file fields. */
  body?: { kind: 'json'; example: unknown } | { kind: 'multipart'; fields: string[] };
  answers: Answer[];
}

export interface TagGroup {
  name: string;
  description?: string;
  endpoints: Endpoint[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export const ACCESS_LABELS: Record<Endpoint['access'], string> = {
  public: 'Public',
  admin: 'Admin (session cookie)',
  appUser: 'App user (bearer token)',
  appUserOrAdmin: 'App user or admin',
};

function accessOf(security: unknown): Endpoint['access'] {
  const schemes = Array.isArray(security) ? security.flatMap((s) => Object.keys(s as Json)) : [];
  const admin = schemes.includes('adminSession');
  const appUser = schemes.includes('appUserToken');
  if (admin && appUser) return 'appUserOrAdmin';
  if (appUser) return 'appUser';
  return admin ? 'admin' : 'public';
}

function bodyOf(op: Json): Endpoint['body'] {
  const content = (op.requestBody as { content?: Record<string, Json> } | undefined)?.content;
  if (!content) return undefined;
  const json = content['application/json'];
  if (json) return { kind: 'json', example: json.example };
  const form = content['multipart/form-data'];
  const properties = (form?.schema as { properties?: Json } | undefined)?.properties;
  return properties ? { kind: 'multipart', fields: Object.keys(properties) } : undefined;
}

function answersOf(op: Json): Answer[] {
  const responses = (op.responses ?? {}) as Record<
    string,
    { description?: string; content?: Record<string, Json> }
  >;
  return Object.entries(responses).map(([status, r]) => {
    const example = r.content?.['application/json']?.example;
    return { status, description: r.description ?? '', ...(example !== undefined ? { example } : {}) };
  });
}

export function endpointsOf(doc: OpenApiDocument): Endpoint[] {
  const endpoints: Endpoint[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const parameters = ((op.parameters ?? []) as Parameter[]).map((p) => ({
        name: p.name,
        in: p.in,
        required: p.required === true,
        ...(p.description ? { description: p.description } : {}),
      }));
      const body = bodyOf(op);
      endpoints.push({
        id: `${method}-${path}`,
        method: method.toUpperCase(),
        path,
        summary: String(op.summary ?? ''),
        ...(op.description ? { description: String(op.description) } : {}),
        tag: ((op.tags as string[] | undefined) ?? ['other'])[0] ?? 'other',
        access: accessOf(op.security),
        parameters,
        ...(body ? { body } : {}),
        answers: answersOf(op),
      });
    }
  }
  return endpoints;
}

/** The endpoints by tag, in the document's tag order (tags it does not list come last). */
export function groupByTag(doc: OpenApiDocument, endpoints: Endpoint[]): TagGroup[] {
  const groups = new Map<string, TagGroup>();
  for (const tag of doc.tags ?? []) groups.set(tag.name, { ...tag, endpoints: [] });
  for (const e of endpoints) {
    const group = groups.get(e.tag) ?? { name: e.tag, endpoints: [] };
    group.endpoints.push(e);
    groups.set(e.tag, group);
  }
  return [...groups.values()].filter((g) => g.endpoints.length > 0);
}

/** Endpoints whose method, path, summary or tag contain every word of the query (case-insensitive). */
export function searchEndpoints(endpoints: Endpoint[], query: string): Endpoint[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return endpoints;
  return endpoints.filter((e) => {
    const text = `${e.method} ${e.path} ${e.summary} ${e.tag}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

const REASONS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  206: 'Partial Content',
  302: 'Found',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export interface StatusRow {
  status: string;
  reason: string;
  /** How many endpoints document it. */
  endpoints: number;
  /** The most common description the document gives it. */
  meaning: string;
}

/** Every status the document uses, in order, with how many endpoints use it and what it usually means. */
export function statusTable(endpoints: Endpoint[]): StatusRow[] {
  const seen = new Map<string, Map<string, number>>();
  for (const e of endpoints) {
    for (const a of e.answers) {
      const meanings = seen.get(a.status) ?? new Map<string, number>();
      meanings.set(a.description, (meanings.get(a.description) ?? 0) + 1);
      seen.set(a.status, meanings);
    }
  }
  return [...seen.entries()]
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, meanings]) => {
      const ranked = [...meanings.entries()].sort((a, b) => b[1] - a[1]);
      return {
        status,
        reason: REASONS[status] ?? '',
        endpoints: ranked.reduce((n, [, c]) => n + c, 0),
        meaning: ranked[0]?.[0] ?? '',
      };
    });
}
