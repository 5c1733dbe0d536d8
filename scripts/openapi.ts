// npm run openapi: regenerates the committed OpenAPI document and the client types from the routes.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  buildDocument,
  DOCUMENT_FILE,
  documentText,
  TYPES_FILE,
  typesText,
} from '../src/server/openapi/generate';

const root = path.resolve(import.meta.dirname, '..');
const doc = await buildDocument();
for (const [file, text] of [
  [DOCUMENT_FILE, documentText(doc)],
  [TYPES_FILE, await typesText(doc)],
] as const) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
  console.log(`wrote ${file}`);
}
