import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { type EndpointSpec, endpointKey } from '@engine/endpoints/endpoint.ts';
import { ALL_ENDPOINTS } from '@engine/endpoints/index.ts';
import { isErrorCode } from '@engine/errors/error-catalogue.ts';
import fc from 'fast-check';
import type { z } from 'zod';
import { buildFixture, type Fixture, sessionCookieFor } from './fixtures.ts';
import { call, recordingLogger, testApp } from './http.ts';

/**
 * Every declared endpoint, every field of its params, query, body and headers, every role: bad values
 * (NUL, lone surrogates, control characters, huge, negative, fractional and tiny numbers, numbers spelt
 * oddly, very long text, wrong types, nested junk, days and offsets that do not exist, `%00` and broken
 * escapes in path segments, unknown fields) must each be a 4xx with a catalogue code and a message, never
 * a 5xx, and must change nothing in the database.
 *
 * Every request that could write is invalid in at least one part by the endpoint's own schema (checked
 * before sending), so a 2xx from a write would be a hole in validation, and the fingerprint would show it.
 * Reads may be valid: they answer 2xx and must still write nothing.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
/** Generated requests per endpoint and role; with ~70 endpoints and 5 roles this is a few thousand. */
const RUNS_PER_ROLE = Number(process.env.FUZZ_RUNS ?? 8);

let db: Db;
let fx: Fixture;
const logger = recordingLogger();
let app: ReturnType<typeof testApp>;
const cookies: Record<string, string | undefined> = {};

beforeAll(async () => {
  db = await openTestDb();
  fx = await buildFixture(db);
  app = testApp(db, { logger });
  cookies.staff = await sessionCookieFor(db, fx.users.staff.id);
  cookies.cafeManager = await sessionCookieFor(db, fx.users.cafeManager.id);
  cookies.districtManager = await sessionCookieFor(db, fx.users.districtManager.id);
  cookies.admin = await sessionCookieFor(db, fx.users.admin.id);
  cookies.anonymous = undefined;
});
afterAll(() => db.close());

// ---------------------------------------------------------------------------------------------------------
// What the database holds: row count and a digest of every table. request_stats counts traffic by design;
// a session's last_seen_at moves on every request.
// ---------------------------------------------------------------------------------------------------------

const IGNORED_TABLES = new Set(['request_stats']);
const IGNORED_COLUMNS: Record<string, string[]> = { sessions: ['last_seen_at'] };

async function fingerprint(): Promise<Record<string, string>> {
  const tables = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    if (IGNORED_TABLES.has(name)) continue;
    const dropped = (IGNORED_COLUMNS[name] ?? []).map((column) => ` - '${column}'`).join('');
    const [row] = await db.query<{ rows: number; digest: string | null }>(
      `SELECT count(*)::int AS rows, md5(string_agg(j, '|' ORDER BY j)) AS digest
         FROM (SELECT (to_jsonb(t)${dropped})::text AS j FROM "${name}" t) s`,
    );
    result[name] = `${row?.rows}:${row?.digest}`;
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------------------

const BAD_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  'tab\there',
  'line\nbreak',
  '\u001b[31m',
  '\u007f',
  '\u202e\u200b',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '__proto__',
  'x'.repeat(257),
  'é'.repeat(5000),
  'x'.repeat(70_000),
];
const BAD_NUMBERS = [
  -1,
  0,
  -0,
  0.5,
  1.005,
  0.1,
  5e-324,
  -5e-324,
  1e-7,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  1e308,
  -1e308,
  99_999.995,
  100_000.25,
];
const NUMBER_SPELLINGS = [
  '1',
  '2147483648',
  '99999999999999999999999',
  '-1',
  '+1',
  '01',
  ' 1',
  '1 ',
  '1.0',
  '1e3',
  '0x10',
  'NaN',
  'Infinity',
  '-Infinity',
  '1_000',
  '١',
];
const BAD_DATES = [
  '0000-01-01',
  '0001-01-01',
  '1969-12-31',
  '10000-01-01',
  '9999-12-31',
  '2025-02-30',
  '2025-13-01',
  '2025-1-1',
  '2025-01-01T00:00:00+23:59',
  '2025-01-01T00:00:00-14:01',
  '2025-01-01T00:00:00+14:00',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59-14:00',
  '2025-01-01T24:00:00Z',
  '2025-01-01T00:00:00.1234567890Z',
  '2025-01-01 00:00:00',
  'yesterday',
];
const STRUCTURES: unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [[[[]]]],
  { a: { b: { c: [1, { d: null }] } } },
  { __proto__: { admin: true } },
  JSON.parse('{"__proto__": {"polluted": true}}'),
  { constructor: { prototype: { polluted: true } } },
  [null],
  ['1'],
  [1, 1, 1],
  Array.from({ length: 3000 }, (_, i) => i + 1),
];

const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...BAD_TEXT),
  fc.constantFrom(...BAD_NUMBERS),
  fc.constantFrom(...NUMBER_SPELLINGS),
  fc.constantFrom(...BAD_DATES),
  fc.constantFrom(...STRUCTURES),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double(),
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
  fc.anything({ maxDepth: 3 }),
);

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** Near-valid values for a schema, salted with bad ones: what a broken or hostile client sends. */
function sample(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const junk = depth > 4 ? fc.constant(null) : badValue;
  const mixed = (plausible: fc.Arbitrary<unknown>) =>
    fc.oneof({ arbitrary: plausible, weight: 3 }, { arbitrary: junk, weight: 1 });
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return fc.record(
        Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, sample(field, depth + 1)])),
        { requiredKeys: [] },
      );
    }
    case 'array':
      return mixed(fc.array(sample(def.element as z.ZodType, depth + 1), { minLength: 1, maxLength: 3 }));
    case 'record':
      return mixed(
        fc.dictionary(fc.constantFrom('1', '2', '01', 'x'), sample(def.valueType as z.ZodType, depth + 1)),
      );
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sample(def.innerType as z.ZodType, depth);
    case 'pipe': {
      const inner = defOf(def.in);
      return sample((inner.type === 'transform' ? def.out : def.in) as z.ZodType, depth);
    }
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((option) => sample(option, depth)));
    case 'enum':
      return mixed(fc.constantFrom(...Object.values(def.entries as Record<string, string>)));
    case 'literal':
      return mixed(fc.constantFrom(...(def.values as unknown[])));
    case 'number':
      return mixed(
        fc.constantFrom(1, 2, 3, 4, 5, fx.locations.own.id, fx.products.beans, 0.25, 1.5, 12.34, 100),
      );
    case 'boolean':
      return mixed(fc.boolean());
    case 'string':
      return mixed(
        fc.constantFrom(
          'Coffee',
          'staff',
          'x',
          '1',
          String(fx.locations.own.id),
          '2026-03-01',
          '2026-03-01T08:00:00Z',
          'order-key-1',
          'staff@example.test',
          'correct horse battery staple',
        ),
      );
    default:
      return junk;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------

type Part = 'params' | 'query' | 'body' | 'headers';
const PARTS: Part[] = ['params', 'query', 'body', 'headers'];

interface FuzzRequest {
  path: string;
  parts: Partial<Record<Part, unknown>>;
  /** Body text sent as is instead of JSON (broken JSON, wrong type). */
  rawBody?: { text: string; contentType: string };
}

/** Path segments that are no value at all once decoded, or do not decode. */
const RAW_SEGMENTS = [
  '%00',
  '1%00',
  '%E0%A4%A',
  '%',
  '%ZZ',
  '%ED%A0%80',
  '%C0%AF',
  '..%2F..%2F',
  '%20',
  '1%0A',
];

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

function fillParams(endpoint: EndpointSpec, params: Record<string, unknown>, raw: string | null): string {
  return endpoint.path.replace(
    /:([A-Za-z0-9_]+)/g,
    (_, name: string) => raw ?? encodeURIComponent(textOf(params[name] ?? '')),
  );
}

function queryText(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, textOf(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** What Elysia hands the schema for each part: strings for params, query and headers. */
function asReceived(part: Part, value: unknown): unknown {
  if (part === 'body' || typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [
        part === 'headers' ? k.toLowerCase() : k,
        Array.isArray(v) && part === 'query' ? v.map(textOf) : textOf(v),
      ]),
  );
}

/** Whether the endpoint's own schemas refuse at least one part of the request. */
function isInvalid(endpoint: EndpointSpec, request: FuzzRequest, rawSegment: boolean): boolean {
  if (rawSegment) return true;
  // Broken body text makes a request invalid only where a body is read at all.
  if (request.rawBody && endpoint.body) return true;
  return PARTS.some((part) => {
    const schema = endpoint[part] as z.ZodType | undefined;
    if (!schema) return false;
    return !schema.safeParse(asReceived(part, request.parts[part] ?? (part === 'body' ? undefined : {})))
      .success;
  });
}

const requestArbitrary = (endpoint: EndpointSpec) =>
  fc.record(
    {
      params: endpoint.params ? sample(endpoint.params) : fc.constant(undefined),
      query: endpoint.query ? sample(endpoint.query) : fc.constant(undefined),
      body: endpoint.body ? sample(endpoint.body) : fc.constant(undefined),
      headers: endpoint.headers ? sample(endpoint.headers) : fc.constant(undefined),
      extraQuery: fc.option(fc.dictionary(fc.constantFrom('x', 'limit', '__proto__', 'a\u0000'), badValue)),
      extraField: fc.option(fc.tuple(fc.constantFrom('unknownField', '__proto__', 'constructor'), badValue)),
      rawSegment: endpoint.path.includes(':')
        ? fc.option(fc.constantFrom(...RAW_SEGMENTS), { freq: 3 })
        : fc.constant(null),
      rawBody:
        endpoint.method === 'GET'
          ? fc.constant(null)
          : fc.option(
              fc.constantFrom(
                { text: '{"a":', contentType: 'application/json' },
                { text: '\u0000', contentType: 'application/json' },
                { text: '"\\ud800"', contentType: 'application/json' },
                { text: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded' },
                { text: '{"items": [1, 2', contentType: 'text/plain' },
                { text: 'x'.repeat(100), contentType: 'application/octet-stream' },
              ),
              { freq: 8 },
            ),
    },
    {
      requiredKeys: [
        'params',
        'query',
        'body',
        'headers',
        'extraQuery',
        'extraField',
        'rawSegment',
        'rawBody',
      ],
    },
  );

const ROLES = ['staff', 'cafeManager', 'districtManager', 'admin', 'anonymous'] as const;

// A GET that ends the caller's session is a write of the session itself: it is sent signed out only.
const endsSession = (endpoint: EndpointSpec) => endpoint.path.endsWith('/logout');

test('no generated input reaches a 5xx, every refusal is a catalogue 4xx, and nothing is written', async () => {
  const before = await fingerprint();
  let requests = 0;
  const serverErrors: string[] = [];
  const badRefusals: string[] = [];
  const writesAccepted: string[] = [];

  for (const [index, endpoint] of ALL_ENDPOINTS.entries()) {
    const hasInput = PARTS.some((part) => endpoint[part]);
    const roles = endsSession(endpoint) || (!hasInput && endpoint.method !== 'GET') ? ['anonymous'] : ROLES;
    const generated = fc.sample(requestArbitrary(endpoint), {
      numRuns: RUNS_PER_ROLE * roles.length * 3,
      seed: SEED + index,
    });
    let next = 0;
    for (const role of roles) {
      let sent = 0;
      while (sent < RUNS_PER_ROLE && next < generated.length) {
        const g = generated[next++];
        if (!g) break;
        const query = { ...((g.query as Record<string, unknown>) ?? {}), ...(g.extraQuery ?? {}) };
        let body = g.body;
        if (g.extraField && body && typeof body === 'object' && !Array.isArray(body)) {
          body = { ...body, [g.extraField[0]]: g.extraField[1] };
        }
        const request: FuzzRequest = {
          path: fillParams(endpoint, (g.params as Record<string, unknown>) ?? {}, g.rawSegment),
          parts: { params: g.params, query, body, headers: g.headers },
          rawBody: g.rawBody ?? undefined,
        };
        // A write the schemas would accept could legitimately change data (or sign in): not a fuzz case.
        // A write without any input (signing out) is sent signed out, where it has nothing to change.
        const mayWrite = endpoint.method !== 'GET' && hasInput;
        if (mayWrite && !isInvalid(endpoint, request, g.rawSegment !== null)) continue;
        sent++;
        requests++;
        const headers: Record<string, string> = {};
        for (const [key, value] of Object.entries((g.headers as Record<string, unknown>) ?? {})) {
          // A header value cannot hold line breaks or NUL at all: the client refuses to send those.
          const text = textOf(value);
          if (/^[\t\x20-\x7e\x80-\xff]*$/.test(text)) headers[key] = text;
        }
        if (request.rawBody) headers['content-type'] = request.rawBody.contentType;
        const label = `${role} ${endpoint.method} ${request.path}${queryText(query)} ${
          request.rawBody ? request.rawBody.text.slice(0, 40) : JSON.stringify(body)?.slice(0, 200)
        }`;
        const res = await call(app, endpoint.method, `${request.path}${queryText(query)}`, {
          cookie: cookies[role],
          body: request.rawBody ? request.rawBody.text : endpoint.method === 'GET' ? undefined : body,
          headers,
        });
        if (res.status >= 500) {
          serverErrors.push(`${res.status} ${label} → ${res.text.slice(0, 200)}`);
          continue;
        }
        if (res.status >= 400) {
          const answer = res.json as { code?: unknown; message?: unknown } | null;
          if (!isErrorCode(answer?.code) || typeof answer?.message !== 'string' || answer.message === '') {
            badRefusals.push(`${res.status} ${label} → ${res.text.slice(0, 200)}`);
          }
        } else if (mayWrite) {
          writesAccepted.push(`${res.status} ${label}`);
        }
      }
    }
    expect(endpointKey(endpoint)).toBeTruthy();
  }

  const after = await fingerprint();
  // The lead reports these figures; they are the point of this test.
  console.log(
    `fuzz: ${requests} requests over ${ALL_ENDPOINTS.length} endpoints (seed ${SEED}), ${serverErrors.length} answered 5xx`,
  );
  expect(serverErrors).toEqual([]);
  expect(badRefusals).toEqual([]);
  expect(writesAccepted).toEqual([]);
  expect(after).toEqual(before);
  expect(requests).toBeGreaterThan(1000);
}, 120_000);
