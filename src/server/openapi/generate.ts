import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../app';
import { openDatabase } from '../db/database';

/** Where `npm run openapi` writes, relative to the project root; CI fails when these differ from the code. */
export const DOCUMENT_FILE = 'docs/openapi.json';
export const TYPES_FILE = 'src/contract/generated/api.d.ts';

/** The OpenAPI document the routes produce (an app on a throw-away database; nothing is listened on). */
export async function buildDocument(): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'nazenk-openapi-'));
  const database = openDatabase({ dialect: 'sqlite', path: ':memory:' });
  const app = await buildApp({
    database,
    config: { cookieSecure: false, publicUrl: undefined, secretKey: 'openapi-document', dataDir: dir },
  });
  try {
    await app.ready();
    return structuredClone(app.swagger()) as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const documentText = (doc: unknown) => `${JSON.stringify(doc, null, 2)}\n`;

/** The TypeScript types of the document's paths and schemas, for openapi-fetch. */
export async function typesText(doc: unknown): Promise<string> {
  const ast = await openapiTS(structuredClone(doc) as Parameters<typeof openapiTS>[0]);
  return `// Generated from ${DOCUMENT_FILE} by \`npm run openapi\`: do not edit.\n\n${astToString(ast)}`;
}
