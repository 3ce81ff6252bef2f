import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WEB_APP_MISSING_MESSAGE } from '@bff/web/serve-web-app.ts';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { call, testApp, testConfig } from './http.ts';

const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><script src="/chunk-a1b2c3d4.js"></script></body></html>';

let db: Db;
let dist: string;
let app: ReturnType<typeof testApp>;

beforeAll(async () => {
  db = await openTestDb();
  dist = mkdtempSync(join(tmpdir(), 'parstock-dist-'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, 'chunk-a1b2c3d4.js'), 'console.log("app")');
  // As an older build with `sourcemap: 'linked'` left it: the whole source inside.
  writeFileSync(
    join(dist, 'chunk-a1b2c3d4.js.map'),
    JSON.stringify({ version: 3, sources: ['app.tsx'], sourcesContent: ['const secret = 1;'], mappings: '' }),
  );
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Parstock"}');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  mkdirSync(join(dist, 'icons'));
  writeFileSync(join(dist, 'icons', 'icon-192.png'), new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'logo-zz99yy88.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(tmpdir(), 'parstock-outside-dist.txt'), 'secret');
  app = testApp(db, { config: testConfig({ WEB_DIST_DIR: dist }) });
});
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
  rmSync(join(tmpdir(), 'parstock-outside-dist.txt'), { force: true });
  await db.close();
});

describe('serving the built web app', () => {
  test('/ and deep links return index.html, revalidated on every load', async () => {
    for (const path of ['/', '/admin/users', '/orders', '/sign-in?returnTo=%2Forders', '/index.html']) {
      const res = await call(app, 'GET', path);
      expect(res.status).toBe(200);
      expect(res.text).toBe(INDEX_HTML);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  test('hashed assets get their content type and a long immutable cache', async () => {
    const js = await call(app, 'GET', '/chunk-a1b2c3d4.js');
    expect(js.status).toBe(200);
    expect(js.text).toBe('console.log("app")');
    expect(js.headers.get('content-type')).toContain('javascript');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const svg = await call(app, 'GET', '/assets/logo-zz99yy88.svg');
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(svg.headers.get('cache-control')).toContain('immutable');
  });

  test('source maps are never served, even when a build left one in the folder', async () => {
    for (const path of ['/chunk-a1b2c3d4.js.map', '/CHUNK-A1B2C3D4.JS.MAP', '/missing-12345678.js.map']) {
      const res = await call(app, 'GET', path);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('sourcesContent');
    }
  });

  test('unhashed files are served but revalidated', async () => {
    const res = await call(app, 'GET', '/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  test('the installable app: manifest, icons and service worker with their own types, always revalidated', async () => {
    const expected: Record<string, string> = {
      '/manifest.webmanifest': 'application/manifest+json',
      '/icons/icon-192.png': 'image/png',
      '/sw.js': 'javascript',
    };
    for (const [path, type] of Object.entries(expected)) {
      const res = await call(app, 'GET', path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(type);
      // A new release must reach the browser's update check at once (decision 034).
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  test('a missing asset is a 404, not index.html', async () => {
    const res = await call(app, 'GET', '/chunk-deadbeef.js');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<html');
  });

  test('paths cannot climb out of the dist folder', async () => {
    for (const path of [
      '/../parstock-outside-dist.txt',
      '/%2e%2e/parstock-outside-dist.txt',
      '/assets/..%2f..%2fparstock-outside-dist.txt',
    ]) {
      const res = await call(app, 'GET', path);
      expect(res.text).not.toContain('secret');
    }
  });

  test('unknown /api paths stay JSON 404s, never index.html', async () => {
    const res = await call(app, 'GET', '/api/not-a-route');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ code: 'not_found', message: 'No API route GET /api/not-a-route' });
  });

  test('without a build, pages answer 503 saying how to build, and the API still works', async () => {
    const unbuilt = testApp(db, { config: testConfig({ WEB_DIST_DIR: join(dist, 'missing') }) });
    const page = await call(unbuilt, 'GET', '/orders');
    expect(page.status).toBe(503);
    expect(page.text).toBe(WEB_APP_MISSING_MESSAGE);
    expect((await call(unbuilt, 'GET', '/api/health')).status).toBe(200);
  });
});
