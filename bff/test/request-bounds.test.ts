import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { MAX_JSON_NESTING } from '@bff/http/json-nesting.ts';
import type { Db } from '@db/client.ts';
import { productImportResultSchema } from '@engine/admin-product-schemas.ts';
import {
  DEFAULT_BODY_LIMIT,
  IMPORT_BODY_LIMIT,
  payloadTooLargeMessage,
  WHOLE_LIST_BODY_LIMIT,
} from '@engine/endpoints/body-limits.ts';
import { bodyLimitOf, type EndpointSpec, endpointKey, fillPath } from '@engine/endpoints/endpoint.ts';
import { ALL_ENDPOINTS, endpointsByArea } from '@engine/endpoints/index.ts';
import { ERROR_CATALOGUE } from '@engine/errors/error-catalogue.ts';
import { MAX_PRODUCT_CSV_ROWS } from '@engine/product-csv-rows.ts';
import { type Fixture, sessionCookieFor } from './fixtures.ts';
import { call, ORIGIN } from './http.ts';
import { openTestWorld, type TestApp } from './test-world.ts';

let db: Db;
let fx: Fixture;
let app: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  ({
    db,
    fx,
    app,
    cookies: { admin, staff },
  } = await openTestWorld(['admin', 'staff']));
});
afterAll(() => db.close());

const CHUNK = 16 * 1024;

/**
 * A request body that produces `chunks` chunks of 16 KB on demand and counts how many the server pulled:
 * with no buffering ahead (high-water mark 0), zero pulls means the server never read the body.
 */
function countedBody(chunks: number): { stream: ReadableStream<Uint8Array>; pulls: () => number } {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulled += 1;
        if (pulled > chunks) controller.close();
        else controller.enqueue(new Uint8Array(CHUNK).fill(0x20));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulls: () => pulled };
}

interface RawRequest {
  method: string;
  path: string;
  body: BodyInit | null;
  cookie?: string;
  headers?: Record<string, string>;
}

async function send({ method, path, body, cookie, headers = {} }: RawRequest) {
  const request = new Request(`${ORIGIN}${path}`, {
    method,
    body,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
  });
  const response = await app.handle(request);
  return { status: response.status, json: (await response.json()) as { code: string; message: string } };
}

const { startCount } = endpointsByArea.counting;
const { importProducts: productImport } = endpointsByArea.admin;
const startCountPath = () => fillPath(startCount.path, {});

/**
 * Starting a count, the write these tests send their bodies to: declared as JSON unless `headers` say otherwise, by
 * the administrator or (null) by nobody signed in.
 */
function sendStartCount(
  body: BodyInit | null,
  { headers = {}, cookie = admin }: { headers?: Record<string, string>; cookie?: string | null } = {},
) {
  return send({
    method: startCount.method,
    path: startCountPath(),
    body,
    cookie: cookie ?? undefined,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

describe('bodies are bounded before they are parsed', () => {
  test('an over-limit Content-Length is refused with 413 before a byte is read', async () => {
    const body = countedBody(1000);
    const res = await sendStartCount(body.stream, { headers: { 'content-length': String(1000 * CHUNK) } });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({
      code: 'payload_too_large',
      message: payloadTooLargeMessage(DEFAULT_BODY_LIMIT),
    });
    expect(res.json.message).toContain('64 KB');
    expect(body.pulls()).toBe(0);
  });

  test('a chunked body without Content-Length is cut off once it passes the limit', async () => {
    // 16 MB offered; the server must stop after the limit (64 KB = 4 chunks) plus the chunk that crossed it.
    const body = countedBody(1024);
    const res = await sendStartCount(body.stream);
    expect(res.status).toBe(413);
    expect(res.json.code).toBe('payload_too_large');
    expect(body.pulls()).toBeLessThanOrEqual(DEFAULT_BODY_LIMIT / CHUNK + 2);
  });

  test('a body within the limit is read and parsed as before', async () => {
    const res = await sendStartCount(JSON.stringify({ locationId: fx.locations.own.id }));
    expect(res.status).toBe(201);
  });

  test('a body nested deeper than any request is refused before it is parsed, signed in or not', async () => {
    // 30,000 lists in 60 KB: within the byte limit; checked against a schema it held the server for a minute.
    const deep = `${'['.repeat(30_000)}${']'.repeat(30_000)}`;
    const message = `The request nests lists and objects more than ${MAX_JSON_NESTING} deep.`;
    expect(await sendStartCount(deep)).toEqual({ status: 400, json: expect.objectContaining({ message }) });
    const signIn = await send({
      method: 'POST',
      path: '/api/auth/login',
      body: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect(signIn).toEqual({ status: 400, json: expect.objectContaining({ message }) });
    const ordinary = `{"locationId":${fx.locations.own.id},"x":${'['.repeat(MAX_JSON_NESTING - 1)}${']'.repeat(MAX_JSON_NESTING - 1)}}`;
    expect((await sendStartCount(ordinary)).json.message).not.toBe(message);
  });

  test('a body of declared length is read whole, not through a reader of its stream', async () => {
    const body = JSON.stringify({ locationId: fx.locations.own.id });
    const request = new Request(`${ORIGIN}${startCountPath()}`, {
      method: startCount.method,
      body,
      headers: {
        origin: ORIGIN,
        cookie: admin,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
      },
    });
    // Read chunk by chunk through a reader, a save's body cost the server about a fifth of its time (bench/README.md).
    const stream = request.body as ReadableStream<Uint8Array>;
    let readers = 0;
    const getReader = stream.getReader.bind(stream);
    Object.assign(stream, {
      getReader: () => {
        readers += 1;
        return getReader();
      },
    });
    const res = await app.handle(request);
    expect(res.status).toBe(201);
    expect(readers).toBe(0);
  });

  test('a body longer than its declared length is still refused with 413', async () => {
    // The server frames a body by its Content-Length, so only a caller of app.handle can hand in a longer one.
    const body = countedBody(8);
    const res = await sendStartCount(body.stream, { headers: { 'content-length': '16' } });
    expect(res.status).toBe(413);
    expect(res.json.code).toBe('payload_too_large');
  });

  test('a length that is not a number is counted as the body streams in', async () => {
    const body = countedBody(1024);
    const res = await sendStartCount(body.stream, { headers: { 'content-length': '+16' } });
    expect(res.status).toBe(413);
    expect(body.pulls()).toBeLessThanOrEqual(DEFAULT_BODY_LIMIT / CHUNK + 2);
  });

  test('a signed-out write is refused with 401 without reading its body', async () => {
    const body = countedBody(1000);
    const res = await sendStartCount(body.stream, { cookie: null });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ code: 'unauthorized', message: ERROR_CATALOGUE.unauthorized.message });
    expect(body.pulls()).toBe(0);
  });

  test('a write by a user without the permission is refused with 403 without reading its body', async () => {
    const body = countedBody(1000);
    const res = await send({
      method: productImport.method,
      path: productImport.path,
      body: body.stream,
      cookie: staff,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('forbidden');
    expect(body.pulls()).toBe(0);
  });

  test('the product import reads a file larger than every other route allows', async () => {
    // The most products one file may hold, with long (but valid) names and vendors: a real catalogue export.
    const header = 'name,category,unit,sku,unit_cost,vendor,is_daily_count';
    const rows = [header];
    for (let i = 1; i <= MAX_PRODUCT_CSV_ROWS; i++) {
      const name = `Imported product ${i}, ${'single-origin whole bean coffee '.repeat(4)}`.trim();
      const vendor = `${'Northern Roasting and Supply Company '.repeat(2)}`.trim();
      rows.push(`"${name}",Imports,case of 12,SKU-${i},1.25,${vendor},no`);
    }
    const body = JSON.stringify({ csv: rows.join('\n'), dryRun: true });
    expect(body.length).toBeGreaterThan(WHOLE_LIST_BODY_LIMIT);
    const res = await call(app, productImport.method, productImport.path, { cookie: admin, body });
    expect(res.status).toBe(200);
    const result = productImportResultSchema.parse(res.json);
    expect(result.errors).toEqual([]);
    expect(result.rows.length).toBe(rows.length - 1);
  });

  test('each route declares its limit and the API document shows it', async () => {
    expect(bodyLimitOf(productImport)).toBe(IMPORT_BODY_LIMIT);
    expect(bodyLimitOf(startCount)).toBe(DEFAULT_BODY_LIMIT);
    const doc = (await call(app, 'GET', '/api/openapi.json')).json as {
      paths: Record<string, Record<string, { 'x-body-limit'?: number; responses: Record<string, unknown> }>>;
    };
    for (const endpoint of ALL_ENDPOINTS.filter((e) => e.body)) {
      const operation =
        doc.paths[endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[endpoint.method.toLowerCase()];
      expect(operation?.['x-body-limit'], endpointKey(endpoint)).toBe(bodyLimitOf(endpoint));
      expect(Object.keys(operation?.responses ?? {}), endpointKey(endpoint)).toEqual(
        expect.arrayContaining(['413', '415']),
      );
    }
  });
});

/** Any value for each path parameter: the content type is refused before params are validated or scoped. */
function anyPath(endpoint: EndpointSpec): string {
  return endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '1');
}

describe('JSON routes read JSON only', () => {
  const withBody = ALL_ENDPOINTS.filter((endpoint) => endpoint.body);
  const kinds: [string, Record<string, string>, BodyInit][] = [
    ['no content type', {}, new TextEncoder().encode('{"locationId":1}')],
    ['a form post', { 'content-type': 'application/x-www-form-urlencoded' }, 'locationId=1'],
    ['plain text', { 'content-type': 'text/plain' }, '{"locationId":1}'],
    ['multipart', { 'content-type': 'multipart/form-data; boundary=x' }, '--x--'],
  ];

  test('there are routes with bodies to check', () => {
    expect(withBody.length).toBeGreaterThan(20);
  });

  for (const [kind, headers, body] of kinds) {
    test(`every route with a body answers 415 to ${kind}`, async () => {
      for (const endpoint of withBody) {
        const res = await send({
          method: endpoint.method,
          path: anyPath(endpoint),
          body,
          cookie: admin,
          headers,
        });
        expect({ route: endpointKey(endpoint), status: res.status, code: res.json.code }).toEqual({
          route: endpointKey(endpoint),
          status: 415,
          code: 'unsupported_media_type',
        });
        expect(res.json.message).toContain('application/json');
      }
    });
  }

  test('sign-in is JSON only: a form post is refused and sets no session', async () => {
    const res = await app.handle(
      new Request(`${ORIGIN}/api/auth/login`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        body: `email=${encodeURIComponent(fx.users.staff.email)}&password=x`,
      }),
    );
    expect(res.status).toBe(415);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  test('a JSON content type with a charset is JSON', async () => {
    const res = await sendStartCount(JSON.stringify({ locationId: fx.locations.own.id }), {
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(res.status).toBe(201);
  });

  test('a body in another charset, not UTF-8, or compressed is refused, not stored garbled', async () => {
    const sessions = () => db.query('SELECT count(*)::int AS n FROM count_sessions');
    const before = await sessions();
    const latin1 = await sendStartCount(new Uint8Array([...new TextEncoder().encode('{"locationId":1}')]), {
      headers: { 'content-type': 'application/json; charset=iso-8859-1' },
    });
    expect(latin1.status).toBe(415);
    expect(latin1.json.message).toBe(
      'Send the request body as JSON encoded as UTF-8, not iso-8859-1: Content-Type: application/json.',
    );
    // `{"note":"caf\xe9"}`: Latin-1 bytes declared as UTF-8, with a length and streamed without one.
    const notUtf8 = new Uint8Array([...new TextEncoder().encode('{"locationId":"caf'), 0xe9, 0x22, 0x7d]);
    for (const body of [notUtf8, new Blob([notUtf8]).stream()]) {
      const garbled = await sendStartCount(body);
      expect(garbled.status).toBe(400);
      expect(garbled.json.message).toBe('The request body is not UTF-8 text. Send JSON encoded as UTF-8.');
    }
    const gzipped = await sendStartCount(Bun.gzipSync(JSON.stringify({ locationId: fx.locations.own.id })), {
      headers: { 'content-encoding': 'gzip' },
    });
    expect(gzipped.status).toBe(415);
    expect(gzipped.json.message).toBe(
      'Send the request body uncompressed: the server does not unpack gzip request bodies.',
    );
    expect(await sessions()).toEqual(before);
  });

  test('a key __proto__ anywhere in a body is refused; the word inside a value is not', async () => {
    const nested = await sendStartCount('{"locationId":1,"x":{"__proto__":1}}');
    expect(nested.status).toBe(400);
    expect(nested.json.message).toBe('The request names a field __proto__, which no request has.');
    const inValue = await send({
      method: 'PUT',
      path: `/api/cart/${fx.locations.own.id}/note`,
      body: JSON.stringify({ note: 'the __proto__ of our order' }),
      cookie: admin,
      headers: { 'content-type': 'application/json' },
    });
    expect(inValue.status).toBe(200);
  });

  test('sign-out, which reads no body, still takes a plain form post', async () => {
    const cookie = await sessionCookieFor(db, fx.users.staff.id);
    const res = await app.handle(
      new Request(`${ORIGIN}/api/auth/logout`, {
        method: 'POST',
        headers: { origin: ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      }),
    );
    // A form post is the sign-out page's button: it signs out and goes home (decision 017), never a 415.
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
  });

  test('an empty body is the same refusal with or without a JSON content type', async () => {
    const bare = await send({ method: startCount.method, path: startCountPath(), body: null, cookie: admin });
    const typed = await sendStartCount('');
    expect(bare.status).toBe(400);
    expect(typed).toEqual(bare);
    expect(bare.json).toMatchObject({
      code: 'validation_failed',
      message: 'The request must be a JSON object, not empty.',
    });
  });
});
