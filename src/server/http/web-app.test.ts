import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isApiPath, registerWebApp } from './web-app';

describe('isApiPath', () => {
  it('is /api and what is under /api/, never a path that merely starts with "/api"', () => {
    for (const url of ['/api', '/api/', '/api/nothing', '/API/Songs?x=1', '/api?x=1'])
      expect(isApiPath(url), url).toBe(true);
    for (const url of ['/api-docs', '/apixyz', '/api-docs/', '/apis/x', '/', '/songs?q=/api/'])
      expect(isApiPath(url), url).toBe(false);
  });
});

describe('registerWebApp', () => {
  it('answers the app for /api-docs and /apixyz and the JSON 404 for unknown /api/ paths', async () => {
    const webDir = mkdtempSync(path.join(tmpdir(), 'nazenk-web-'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    const app = Fastify();
    await registerWebApp(app, webDir);
    try {
      for (const url of ['/api-docs', '/apixyz', '/users']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toContain('text/html');
        expect(res.body).toContain('id="root"');
      }
      for (const url of ['/api/nope', '/api']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({ code: 'NOT_FOUND', details: null });
      }
    } finally {
      await app.close();
    }
  });
});
