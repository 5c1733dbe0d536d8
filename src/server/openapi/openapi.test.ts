import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { compileErrors, validate } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { TAGS } from './document';
import { buildDocument, DOCUMENT_FILE, documentText, TYPES_FILE, typesText } from './generate';

type Json = Record<string, unknown>;
interface Operation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: { content: Record<string, Json> };
  responses: Record<string, { description?: string; content?: Record<string, Json>; headers?: Json }>;
}

const ROOT = path.resolve(import.meta.dirname, '../../..');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

let doc: Json;
let operations: [string, Operation][];

beforeAll(async () => {
  doc = await buildDocument();
  const paths = doc.paths as Record<string, Record<string, Operation>>;
  operations = Object.entries(paths).flatMap(([p, item]) =>
    METHODS.filter((m) => item[m]).map((m): [string, Operation] => [
      `${m.toUpperCase()} ${p}`,
      item[m] as Operation,
    ]),
  );
});

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it("passes Redocly's recommended rules without an error", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'nazenk-redocly-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, documentText(doc));
      const cli = path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
      const args = [cli, 'lint', '--extends=recommended', '--format=json', '--max-problems=10000', file];
      const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
      // The CLI exits 1 when it finds errors; its JSON report says which.
      const { stdout } = await promisify(execFile)(process.execPath, args, { env, cwd: dir }).catch(
        (err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }),
      );
      const report = JSON.parse(stdout) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
      };
      const errors = report.problems
        .filter((p) => p.severity === 'error')
        .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
      expect(errors).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('documents every operation: summary, a known tag, security, and its success answer', () => {
    const known = new Set<string>(TAGS.map((t) => t.name));
    expect(operations.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const [name, op] of operations) {
      if (!op.summary?.trim()) problems.push(`${name}: no summary`);
      if (!op.tags?.length || !op.tags.every((t) => known.has(t)))
        problems.push(`${name}: tags ${op.tags} not among the document's tags (add new ones to TAGS)`);
      if (!Array.isArray(op.security)) problems.push(`${name}: no security`);
      const success = Object.entries(op.responses).filter(([s]) => /^[23]/.test(s));
      if (success.length === 0) problems.push(`${name}: no success answer`);
      for (const [status, response] of success) {
        if (!response.description || response.description === 'Default Response')
          problems.push(`${name} ${status}: no description`);
        if (status !== '204' && !status.startsWith('3') && !response.content)
          problems.push(`${name} ${status}: no body schema (use noContent() for 204)`);
      }
      for (const status of ['400', '500']) {
        if (status === '400' && name.startsWith('GET') && !name.includes('{')) continue;
        if (!op.responses[status]) problems.push(`${name}: no ${status}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers every error with the envelope', () => {
    const problems: string[] = [];
    for (const [name, op] of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        const schema = response.content?.['application/json']?.schema as Json | undefined;
        if (schema?.$ref !== '#/components/schemas/ErrorEnvelope') problems.push(`${name} ${status}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives every list the X-Total-Count header and guarded operations their 401', () => {
    const lists = operations.filter(
      ([name, op]) =>
        name.startsWith('GET') &&
        (op.responses['200']?.content?.['application/json']?.schema as Json | undefined)?.type === 'array' &&
        name !== 'GET /api/albums/years' &&
        name !== 'GET /api/audit-log/admins',
    );
    expect(lists.length).toBeGreaterThanOrEqual(7);
    for (const [name, op] of lists)
      expect(op.responses['200']?.headers, name).toHaveProperty('X-Total-Count');
    for (const [name, op] of operations) {
      if (op.security?.length) expect(op.responses, name).toHaveProperty('401');
    }
  });

  it('has a valid example for every JSON request body and success answer, and types no body as anything', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    ajv.addFormat('binary', true);
    ajv.addSchema(doc, 'openapi');
    const problems: string[] = [];
    const check = (where: string, media: Json | undefined) => {
      if (!media) return;
      const schema = media.schema as Json | undefined;
      if (!schema || Object.keys(schema).length === 0) problems.push(`${where}: body typed as anything`);
      if (!('example' in media)) return problems.push(`${where}: no example`);
      const valid = ajv.validate({ $ref: `openapi#${pointerOf(where)}` }, media.example);
      if (!valid) problems.push(`${where}: example does not match: ${ajv.errorsText(ajv.errors)}`);
    };
    for (const [name, op] of operations) {
      check(`${name} request`, op.requestBody?.content['application/json']);
      for (const [status, response] of Object.entries(op.responses)) {
        if (/^2/.test(status)) check(`${name} ${status}`, response.content?.['application/json']);
      }
    }
    expect(problems).toEqual([]);
  });

  it('is committed as generated, with the client types (run `npm run openapi`)', async () => {
    const committedDoc = readFileSync(path.join(ROOT, DOCUMENT_FILE), 'utf8');
    expect(committedDoc === documentText(doc), `${DOCUMENT_FILE} is stale: run npm run openapi`).toBe(true);
    const committedTypes = readFileSync(path.join(ROOT, TYPES_FILE), 'utf8');
    expect(committedTypes === (await typesText(doc)), `${TYPES_FILE} is stale: run npm run openapi`).toBe(
      true,
    );
  });
});

/** The JSON pointer of the schema of "METHOD /path request" or "METHOD /path <status>". */
function pointerOf(where: string): string {
  const [method = '', p = '', what = ''] = where.split(' ');
  const esc = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1');
  const base = `/paths/${esc(p)}/${method.toLowerCase()}`;
  return what === 'request'
    ? `${base}/requestBody/content/application~1json/schema`
    : `${base}/responses/${what}/content/application~1json/schema`;
}
