import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Checks an answer against the document: its status must be documented for the operation, a JSON
 * body must match the documented schema of that status, and documented required headers must be
 * present. Test-only (see testing/test-app.ts): a route that drifts from its documentation fails
 * the API test that called it.
 */

export interface Answer {
  method: string;
  /** The route's URL as Fastify knows it, e.g. /api/songs/:id. */
  route: string;
  statusCode: number;
  headers: Record<string, unknown>;
  /** The body as sent; undefined when it is a stream (then only status and headers are checked). */
  payload: string | undefined;
}

type Json = Record<string, unknown>;
type Doc = { paths?: Record<string, Record<string, Json>> };

export const toOpenApiPath = (route: string) => route.replace(/:(\w+)/g, '{$1}');

const pointer = (...parts: string[]) =>
  `#/${parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;

export function responseChecker(document: unknown): (answer: Answer) => string[] {
  const doc = document as Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema(doc as object, 'openapi');
  const validators = new Map<string, ValidateFunction>();
  const validatorFor = (ref: string) => {
    let v = validators.get(ref);
    if (!v) {
      v = ajv.compile({ $ref: `openapi${ref}` });
      validators.set(ref, v);
    }
    return v;
  };

  return (answer) => {
    const path = toOpenApiPath(answer.route);
    const method = answer.method.toLowerCase();
    const op = doc.paths?.[path]?.[method] as { responses?: Record<string, Json> } | undefined;
    // HEAD answers as GET does, without a body; routes hidden from the document are not checked.
    if (!op || method === 'head') return [];
    const where = `${answer.method} ${answer.route} → ${answer.statusCode}`;
    const status = String(answer.statusCode);
    const documented = op.responses?.[status];
    if (!documented) return [`${where}: status not documented (has ${Object.keys(op.responses ?? {})})`];
    const problems: string[] = [];
    for (const [name, header] of Object.entries((documented.headers ?? {}) as Record<string, Json>)) {
      if (header.required && answer.headers[name.toLowerCase()] === undefined)
        problems.push(`${where}: documented header ${name} missing`);
    }
    const type = String(answer.headers['content-type'] ?? '');
    const content = (documented.content ?? {}) as Record<string, Json>;
    if (!type.includes('application/json')) {
      if (answer.payload && content['application/json'] && Object.keys(content).length === 1)
        problems.push(`${where}: documented as JSON, answered ${type || 'without a content type'}`);
      return problems;
    }
    if (!content['application/json']) return [...problems, `${where}: answered JSON, documented without it`];
    if (answer.payload === undefined) return problems;
    const validate = validatorFor(
      pointer('paths', path, method, 'responses', status, 'content', 'application/json', 'schema'),
    );
    let body: unknown;
    try {
      body = JSON.parse(answer.payload ?? '');
    } catch {
      return [...problems, `${where}: body is not JSON`];
    }
    if (!validate(body)) {
      const errs = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}`);
      problems.push(`${where}: body does not match the documented schema: ${errs.join('; ')}`);
    }
    return problems;
  };
}
