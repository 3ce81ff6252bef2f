import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { COMPRESS_MIN_BYTES, chooseEncoding, DYNAMIC_COMPRESS_MIN_BYTES } from '@bff/http/compression.ts';
import type { Db } from '@db/client.ts';
import { openAnotherPool } from '@db/testing/test-db.ts';
import type { Fixture } from './fixtures.ts';
import { call, ORIGIN, testApp, testConfig } from './http.ts';
import { openTestWorld, type TestApp } from './test-world.ts';

/*
 * Decision 039: built files immutable or revalidated with an ETag, JSON and text compressed per Accept-Encoding
 * above a threshold, the catalogue revalidated with ETag/304. Bodies are compared after decompressing them.
 */

const BIG_SCRIPT = `console.log(${JSON.stringify('parstock '.repeat(400))});`;
const SMALL_SCRIPT = 'console.log("small")';
const INDEX_HTML = `<!doctype html><html><head><title>Parstock</title></head><body><div id="root"></div><script type="module" src="/chunk-a1b2c3d4.js"></script><!-- ${'x'.repeat(1200)} --></body></html>`;

let db: Db;
let fx: Fixture;
let app: TestApp;
let manager: string;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'parstock-dist-'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, 'chunk-a1b2c3d4.js'), BIG_SCRIPT);
  writeFileSync(join(dist, 'chunk-small000.js'), SMALL_SCRIPT);
  writeFileSync(join(dist, 'logo-zz99yy88.png'), new Uint8Array(4096).fill(7));
  ({
    db,
    fx,
    app,
    cookies: { cafeManager: manager },
  } = await openTestWorld(['cafeManager'], { config: testConfig({ WEB_DIST_DIR: dist }) }));
  // Enough products for the list to pass the compression threshold.
  for (let i = 0; i < 40; i++) {
    await db.query(
      `INSERT INTO products (name, cafe_order_category, order_subcategory, unit_cost) VALUES ($1, 'Dry Goods', 'Paper', 1.25)`,
      [`Compression test product ${String(i).padStart(2, '0')}`],
    );
  }
});
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
  await db.close();
});

interface RawAnswer {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
}

async function get(
  path: string,
  headers: Record<string, string> = {},
  on: TestApp = app,
): Promise<RawAnswer> {
  const response = await on.handle(new Request(`${ORIGIN}${path}`, { headers }));
  return {
    status: response.status,
    headers: response.headers,
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

function decoded(answer: RawAnswer): string {
  const encoding = answer.headers.get('content-encoding');
  const bytes =
    encoding === 'br'
      ? brotliDecompressSync(answer.bytes)
      : encoding === 'gzip'
        ? gunzipSync(answer.bytes)
        : answer.bytes;
  return new TextDecoder().decode(bytes);
}

describe('choosing an encoding from Accept-Encoding', () => {
  test('brotli first, then gzip; q=0 refuses; * stands for the rest', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding(null)).toBeNull();
  });
});

describe('built files', () => {
  test('a hashed script is immutable for a year and compressed as the client accepts', async () => {
    const plain = await get('/chunk-a1b2c3d4.js');
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(decoded(plain)).toBe(BIG_SCRIPT);

    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const answer = await get('/chunk-a1b2c3d4.js', { 'accept-encoding': accept });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-encoding')).toBe(encoding);
      expect(answer.headers.get('vary')).toContain('Accept-Encoding');
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.get('content-type')).toContain('javascript');
      expect(answer.bytes.byteLength).toBeLessThan(BIG_SCRIPT.length / 4);
      expect(decoded(answer)).toBe(BIG_SCRIPT);
    }
  });

  test('a file under the threshold, or one that is compressed already, is sent as it is', async () => {
    expect(SMALL_SCRIPT.length).toBeLessThan(COMPRESS_MIN_BYTES);
    const small = await get('/chunk-small000.js', { 'accept-encoding': 'br, gzip' });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(decoded(small)).toBe(SMALL_SCRIPT);

    const image = await get('/logo-zz99yy88.png', { 'accept-encoding': 'br, gzip' });
    expect(image.headers.get('content-encoding')).toBeNull();
    expect(image.bytes.byteLength).toBe(4096);
  });

  test('index.html is revalidated: no-cache with an ETag, 304 while unchanged, 200 after a new build', async () => {
    const first = await get('/', { 'accept-encoding': 'gzip' });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(decoded(first)).toBe(INDEX_HTML);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();

    // A deep link is the same document with the same validator.
    const deep = await get('/orders', { 'if-none-match': etag as string, 'accept-encoding': 'gzip' });
    expect(deep.status).toBe(304);
    expect(deep.bytes.byteLength).toBe(0);
    expect(deep.headers.get('etag')).toBe(etag);
    expect(deep.headers.get('cache-control')).toBe('no-cache');

    const rebuilt = `${INDEX_HTML}<!-- a new release -->`;
    writeFileSync(join(dist, 'index.html'), rebuilt);
    try {
      const after = await get('/', { 'if-none-match': etag as string });
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).not.toBe(etag);
      expect(decoded(after)).toBe(rebuilt);
    } finally {
      writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    }
  });
});

describe('API answers', () => {
  const asManager = (headers: Record<string, string> = {}) => ({ cookie: manager, ...headers });

  test('JSON above the threshold is compressed; the decompressed body equals the plain one', async () => {
    const plain = await get('/api/products', asManager());
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.bytes.byteLength).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const products = JSON.parse(decoded(plain)) as { id: number }[];
    expect(products.map((p) => p.id)).toContain(fx.products.beans);

    for (const encoding of ['br', 'gzip'] as const) {
      const answer = await get('/api/products', asManager({ 'accept-encoding': encoding }));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-encoding')).toBe(encoding);
      expect(answer.headers.get('content-type')).toContain('application/json');
      expect(answer.headers.get('vary')).toContain('Accept-Encoding');
      expect(answer.bytes.byteLength).toBeLessThan(plain.bytes.byteLength / 3);
      expect(decoded(answer)).toBe(decoded(plain));
    }
  });

  test('a small JSON answer is sent as it is', async () => {
    const answer = await get('/api/auth/user', asManager({ 'accept-encoding': 'br, gzip' }));
    expect(answer.status).toBe(200);
    expect(answer.bytes.byteLength).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(answer.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(decoded(answer))).toMatchObject({ id: fx.users.cafeManager.id });
  });

  test('an answer made per request is compressed only from a few kilobytes: an autosave answer goes plain', async () => {
    const products = await db.query<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 5');
    const typedAt = new Date().toISOString();
    const saved = await call(app, 'POST', '/api/count-sessions/items', {
      cookie: manager,
      headers: { 'accept-encoding': 'br, gzip' },
      body: {
        locationId: fx.locations.own.id,
        sessionId: null,
        items: products.map((product, i) => ({
          productId: product.id,
          count: i + 1,
          confirmed: false,
          typedAt,
        })),
      },
    });
    expect(saved.status, saved.text).toBe(200);
    // Above the threshold of shared answers, below the one of answers made per request.
    expect(saved.text.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(saved.text.length).toBeLessThan(DYNAMIC_COMPRESS_MIN_BYTES);
    expect(saved.headers.get('content-encoding')).toBeNull();
    expect((saved.json as { applied: number[] }).applied).toHaveLength(5);

    const inventory = await get(
      `/api/inventory?locationId=${fx.locations.own.id}`,
      asManager({ 'accept-encoding': 'br' }),
    );
    expect(inventory.status).toBe(200);
    expect(inventory.headers.get('content-encoding')).toBe('br');
    const body = decoded(inventory);
    expect(body.length).toBeGreaterThan(DYNAMIC_COMPRESS_MIN_BYTES);
    expect(JSON.parse(body)).toMatchObject({ locationId: fx.locations.own.id });

    // The screens' shape, sent as the database wrote it (decision 066), follows the same thresholds.
    const compact = await get(
      `/api/inventory?locationId=${fx.locations.own.id}&shape=compact`,
      asManager({ 'accept-encoding': 'br' }),
    );
    expect(compact.status).toBe(200);
    expect(compact.headers.get('content-type')).toBe('application/json;charset=utf-8');
    // This café's few products make a compact answer under the threshold: sent as it is.
    expect(compact.bytes.byteLength).toBeLessThan(DYNAMIC_COMPRESS_MIN_BYTES);
    expect(compact.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(decoded(compact))).toMatchObject({ locationId: fx.locations.own.id });
  });

  test('the product list carries an ETag: 304 while unchanged, a new tag after a change', async () => {
    const first = await get('/api/products', asManager({ 'accept-encoding': 'gzip' }));
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^W\/".+"$/);

    // The tag names the JSON, not its encoding: a brotli client revalidates a gzip-fetched copy.
    const again = await get('/api/products', asManager({ 'if-none-match': etag, 'accept-encoding': 'br' }));
    expect(again.status).toBe(304);
    expect(again.bytes.byteLength).toBe(0);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('private, no-cache');

    await db.query(`UPDATE products SET unit_cost = unit_cost + 1 WHERE id = $1`, [fx.products.beans]);
    const changed = await get('/api/products', asManager({ 'if-none-match': etag }));
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  test('each shape of the product list has its own tag: one never revalidates the other', async () => {
    const full = await get('/api/products', asManager());
    const compact = await get('/api/products?shape=compact', asManager());
    const fullTag = full.headers.get('etag') as string;
    const compactTag = compact.headers.get('etag') as string;
    expect(compactTag).toMatch(/^W\/".+"$/);
    expect(compactTag).not.toBe(fullTag);
    expect(
      (await get('/api/products?shape=compact', asManager({ 'if-none-match': compactTag }))).status,
    ).toBe(304);
    const crossed = await get('/api/products?shape=compact', asManager({ 'if-none-match': fullTag }));
    expect(crossed.status).toBe(200);
    expect(JSON.parse(decoded(crossed)).length).toBe(JSON.parse(decoded(full)).length);
    expect((await get('/api/products', asManager({ 'if-none-match': compactTag }))).status).toBe(200);
  });

  test('revalidating an unchanged product list reads no product rows', async () => {
    const { etag } = Object.fromEntries((await get('/api/products', asManager())).headers) as {
      etag: string;
    };
    const query = db.query;
    let rowsRead = 0;
    db.query = (async (...args: Parameters<Db['query']>) => {
      const rows = await query.apply(db, args);
      rowsRead += rows.length;
      return rows;
    }) as Db['query'];
    try {
      const again = await get('/api/products', asManager({ 'if-none-match': etag }));
      expect(again.status).toBe(304);
    } finally {
      db.query = query;
    }
    // The session, the user's permissions and the catalogue's version: a handful, not the 40-odd products.
    expect(rowsRead).toBeLessThan(10);
  });

  test('two instances on one database agree on the tag, and a write through either changes it on both', async () => {
    const otherApp = testApp(openAnotherPool(db));
    const tagOn = async (on: TestApp) =>
      (await get('/api/products', asManager(), on)).headers.get('etag') as string;
    const first = await tagOn(app);
    expect(await tagOn(otherApp)).toBe(first);
    expect((await get('/api/products', asManager({ 'if-none-match': first }), otherApp)).status).toBe(304);

    const writes = [
      `UPDATE products SET name = name || ' (renamed)' WHERE id = ${fx.products.beans}`,
      `UPDATE products SET retired_at = now() WHERE id = ${fx.products.beans}`,
      `UPDATE products SET retired_at = NULL WHERE id = ${fx.products.beans}`,
      `INSERT INTO products (name, cafe_order_category, unit_cost) VALUES ('Tag test product', 'Dry Goods', 2)`,
      `DELETE FROM products WHERE name = 'Tag test product'`,
    ];
    let before = first;
    for (const write of writes) {
      await openAnotherPool(db).query(write);
      const changed = await get('/api/products', asManager({ 'if-none-match': before }));
      expect(changed.status).toBe(200);
      const tag = changed.headers.get('etag') as string;
      expect(tag).not.toBe(before);
      expect(await tagOn(otherApp)).toBe(tag);
      expect((await get('/api/products', asManager({ 'if-none-match': tag }), otherApp)).status).toBe(304);
      before = tag;
    }
  });

  test('each instance keeps the list it built for one version only: a write through another is in the next answer', async () => {
    const otherApp = testApp(openAnotherPool(db));
    const names = async (on: TestApp, encoding: string) => {
      const answer = await get('/api/products', asManager({ 'accept-encoding': encoding }), on);
      expect(answer.status).toBe(200);
      return (JSON.parse(decoded(answer)) as { id: number; name: string }[]).map((p) => `${p.id}:${p.name}`);
    };
    // Built once, then answered from what was built: the same list in every encoding, on both instances.
    const before = await names(app, 'br');
    expect(await names(app, 'br')).toEqual(before);
    expect(await names(app, 'gzip')).toEqual(before);
    expect(await names(app, 'identity')).toEqual(before);
    expect(await names(otherApp, 'br')).toEqual(before);

    await openAnotherPool(db).query(`UPDATE products SET name = 'Beans, renamed elsewhere' WHERE id = $1`, [
      fx.products.beans,
    ]);
    for (const on of [app, otherApp]) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        expect(await names(on, encoding)).toContain(`${fx.products.beans}:Beans, renamed elsewhere`);
      }
    }
    await openAnotherPool(db).query(`UPDATE products SET retired_at = now() WHERE id = $1`, [
      fx.products.beans,
    ]);
    expect((await names(app, 'br')).some((p) => p.startsWith(`${fx.products.beans}:`))).toBe(false);
    await db.query(`UPDATE products SET retired_at = NULL WHERE id = $1`, [fx.products.beans]);
  });

  test('a refused read is never a 304, and per-café answers stay out of every cache', async () => {
    const signedOut = await get('/api/products', { 'if-none-match': '*' });
    expect(signedOut.status).toBe(401);

    const inventory = await get(
      `/api/inventory?locationId=${fx.locations.own.id}`,
      asManager({ 'if-none-match': '*' }),
    );
    expect(inventory.status).toBe(200);
    expect(inventory.headers.get('cache-control')).toBe('no-store');
    expect(inventory.headers.get('etag')).toBeNull();

    const compact = await get(
      `/api/inventory?locationId=${fx.locations.own.id}&shape=compact`,
      asManager({ 'if-none-match': '*' }),
    );
    expect(compact.status).toBe(200);
    expect(compact.headers.get('cache-control')).toBe('no-store');
    expect(compact.headers.get('etag')).toBeNull();
  });
});
