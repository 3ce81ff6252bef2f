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
 * Reads may be valid: they answer 2xx and must still write nothing. FUZZ_SEED and FUZZ_RUNS vary the run;
 * FUZZ_TRACE=<text> prints every answer whose request contains that text.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
/** Generated requests per endpoint and role; with ~70 endpoints and 5 roles this is a few thousand. */
const RUNS_PER_ROLE = Number(process.env.FUZZ_RUNS ?? 10);

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

/**
 * Values no field of Parstock accepts, whatever it holds: text that cannot be stored or is not text, and
 * numbers no quantity, amount, id or order may take. A write carrying one must be refused; a 2xx is a hole.
 */
const POISON_TEXT = ['a\u0000b', '\u0000', '\ud800', 'x\udfffy', 'end\ud83d', '\u0001', 'a\u001bb', '\u007f'];
const POISON_NUMBERS = [5e-324, -5e-324, 1e308, -1e308];
const POISON_STRUCTURES: unknown[] = [{}, { a: [{}] }, [[[]]]];

type LeafKind = 'text' | 'number' | 'mixed' | 'other';
interface Leaf {
  part: Part;
  path: (string | number)[];
  kind: LeafKind;
  /** The field as declared (at its key or as an array's element), to tell what sort of field it is. */
  field: z.ZodType;
}

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** The scalar fields a schema reads, with where they sit (an array's first element stands for all). */
function leavesOf(schema: z.ZodType, part: Part, path: (string | number)[] = [], field = schema): Leaf[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, inner]) =>
        leavesOf(inner, part, [...path, key], inner),
      );
    case 'array':
      return leavesOf(def.element as z.ZodType, part, [...path, 0], def.element as z.ZodType);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      return leavesOf(def.innerType as z.ZodType, part, path, field);
    // A field that turns any value into its default is never refused: no poison there.
    case 'catch':
      return [];
    case 'pipe': {
      const inner = defOf(def.in);
      return leavesOf((inner.type === 'transform' ? def.out : def.in) as z.ZodType, part, path, field);
    }
    case 'union': {
      const kinds = new Set((def.options as z.ZodType[]).map((option) => defOf(option).type));
      return [
        {
          part,
          path,
          field,
          kind:
            kinds.has('number') && kinds.has('string') ? 'mixed' : kinds.has('number') ? 'number' : 'text',
        },
      ];
    }
    case 'string':
    case 'enum':
    case 'literal':
      return [{ part, path, field, kind: 'text' }];
    case 'number':
      return [{ part, path, field, kind: 'number' }];
    case 'boolean':
      return [{ part, path, field, kind: 'other' }];
    default:
      return [];
  }
}

/** Poisons for a leaf: only text ones where everything arrives as text (path, query, headers). */
function poisonsFor(leaf: Leaf): unknown[] {
  if (leaf.part !== 'body') return POISON_TEXT;
  if (leaf.kind === 'number') return [...POISON_NUMBERS, ...POISON_TEXT, ...POISON_STRUCTURES];
  if (leaf.kind === 'mixed') return [...POISON_NUMBERS, ...POISON_TEXT, ...POISON_STRUCTURES];
  return [...POISON_TEXT, ...POISON_STRUCTURES];
}

/** Days and instants no date field accepts: year 0000, offsets beyond ±14:00, days that do not exist. */
const POISON_DATES = [
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '2025-01-01T00:00:00+23:59',
  '2025-02-30',
  '1969-12-31',
  '10000-01-01',
  '9999-12-31T23:59:59-14:00',
  '2025-01-01T24:00:00Z',
];
/** Whole numbers beyond the 32-bit columns behind every id, order and version, and ids spelt oddly. */
const POISON_WHOLE_NUMBERS = [2_147_483_648, 1e10, -2_147_483_649];
const POISON_ID_SPELLINGS = ['2147483648', '99999999999999999999', '01', '+1', ' 1', '1.0', '1e0'];

/**
 * Poisons for a sort of field, told by what the field itself accepts: a date field (takes a day or a time,
 * neither words nor a code) gets days that do not exist; a whole-number field (takes 1, not 1.5) gets numbers beyond
 * 32 bits and odd spellings of 1.
 */
function fieldPoisons(leaf: Leaf): unknown[] {
  const accepts = (value: unknown) => leaf.field.safeParse(value).success;
  const asText = leaf.part !== 'body';
  const poisons: unknown[] = [];
  const plain = ['Plain words, long enough for any text field', 'Plainword1'];
  if (!plain.some(accepts) && (accepts('2026-03-01') || accepts('2026-03-01T08:00:00Z'))) {
    poisons.push(...POISON_DATES);
  }
  if (accepts(asText ? '1' : 1) && !accepts(asText ? '1.5' : 1.5)) {
    poisons.push(...(asText ? POISON_ID_SPELLINGS : POISON_WHOLE_NUMBERS));
  }
  return poisons;
}

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (typeof head === 'number') {
    const list = Array.isArray(root) && root.length > 0 ? [...root] : [undefined];
    list[0] = setAt(list[0], rest, value);
    return list;
  }
  const object = root && typeof root === 'object' && !Array.isArray(root) ? { ...root } : {};
  (object as Record<string, unknown>)[head] = setAt((object as Record<string, unknown>)[head], rest, value);
  return object;
}

/**
 * Values for a schema: mostly plausible (so a request gets past the other fields to the one under test),
 * salted with bad ones at `junkWeight` in 10.
 */
function sample(schema: z.ZodType, junkWeight: number, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const junk = depth > 4 ? fc.constant(null) : badValue;
  const mixed = (plausible: fc.Arbitrary<unknown>) =>
    junkWeight === 0
      ? plausible
      : fc.oneof({ arbitrary: plausible, weight: 10 - junkWeight }, { arbitrary: junk, weight: junkWeight });
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return fc.record(
        Object.fromEntries(
          Object.entries(shape).map(([key, field]) => [key, sample(field, junkWeight, depth + 1)]),
        ),
        junkWeight > 3 ? { requiredKeys: [] } : undefined,
      );
    }
    case 'array':
      return mixed(
        fc.array(sample(def.element as z.ZodType, junkWeight, depth + 1), { minLength: 1, maxLength: 3 }),
      );
    case 'record':
      return mixed(
        fc.dictionary(
          fc.constantFrom('1', '2', '01', 'x'),
          sample(def.valueType as z.ZodType, junkWeight, depth + 1),
        ),
      );
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sample(def.innerType as z.ZodType, junkWeight, depth);
    case 'pipe': {
      const inner = defOf(def.in);
      return sample((inner.type === 'transform' ? def.out : def.in) as z.ZodType, junkWeight, depth);
    }
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((option) => sample(option, junkWeight, depth)));
    case 'enum':
      return mixed(fc.constantFrom(...Object.values(def.entries as Record<string, string>)));
    case 'literal':
      return mixed(fc.constantFrom(...(def.values as unknown[])));
    case 'number':
      return mixed(
        fc.constantFrom(
          1,
          2,
          3,
          4,
          5,
          fx.locations.own.id,
          fx.products.beans,
          fx.products.cups,
          0.25,
          1.5,
          12.34,
        ),
      );
    case 'boolean':
      return mixed(fc.boolean());
    case 'string':
      return mixed(
        fc.constantFrom(
          'Coffee',
          'staff',
          'New name',
          String(fx.locations.own.id),
          '2026-03-01',
          '2026-03-01T08:00:00Z',
          '17:00',
          'UTC',
          'order-key-1',
          'new.person@example.test',
          'a brand new password',
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

/** Percent-encodes text, lone surrogates too (as the bytes a careless encoder would send). */
function encodeSegment(text: string): string {
  let out = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

function fillParams(endpoint: EndpointSpec, params: Record<string, unknown>, raw: string | null): string {
  return endpoint.path.replace(
    /:([A-Za-z0-9_]+)/g,
    (_, name: string) => raw ?? encodeSegment(textOf(params[name] ?? '')),
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
function schemasRefuse(endpoint: EndpointSpec, request: FuzzRequest): boolean {
  return PARTS.some((part) => {
    const schema = endpoint[part] as z.ZodType | undefined;
    if (!schema) return false;
    return !schema.safeParse(asReceived(part, request.parts[part] ?? (part === 'body' ? undefined : {})))
      .success;
  });
}

// A header value cannot hold line breaks or NUL at all: the client refuses to send those.
const sendableHeader = (value: string) => /^[\t\x20-\x7e\x80-\xff]*$/.test(value);

const requestArbitrary = (endpoint: EndpointSpec) => {
  const leaves = PARTS.flatMap((part) => (endpoint[part] ? leavesOf(endpoint[part] as z.ZodType, part) : []));
  const part = (where: Part, junkWeight: number) =>
    endpoint[where] ? sample(endpoint[where] as z.ZodType, junkWeight) : fc.constant(undefined);
  const poison =
    leaves.length === 0
      ? fc.constant(null)
      : fc.option(
          fc
            .constantFrom(...leaves)
            .chain((leaf) => fc.tuple(fc.constant(leaf), fc.constantFrom(...poisonsFor(leaf)))),
          {
            freq: 4,
          },
        );
  return fc
    .record({
      junkWeight: fc.constantFrom(0, 0, 1, 3, 6),
      poison,
      extraQuery: fc.option(fc.dictionary(fc.constantFrom('x', 'limit', '__proto__', 'a\u0000'), badValue)),
      extraField: fc.option(fc.tuple(fc.constantFrom('unknownField', '__proto__', 'constructor'), badValue)),
      rawSegment: endpoint.path.includes(':')
        ? fc.option(fc.constantFrom(...RAW_SEGMENTS), { freq: 6 })
        : fc.constant(null),
      rawBody: endpoint.body
        ? fc.option(
            fc.constantFrom(
              { text: '{"a":', contentType: 'application/json' },
              { text: '\u0000', contentType: 'application/json' },
              { text: '"\\ud800"', contentType: 'application/json' },
              { text: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded' },
              { text: '{"items": [1, 2', contentType: 'text/plain' },
              { text: 'x'.repeat(100), contentType: 'application/octet-stream' },
            ),
            { freq: 10 },
          )
        : fc.constant(null),
    })
    .chain((shape) =>
      fc
        .record({
          params: part('params', shape.junkWeight),
          query: part('query', shape.junkWeight),
          body: part('body', shape.junkWeight),
          headers: part('headers', shape.junkWeight),
        })
        .map((parts) => ({ ...shape, parts })),
    );
};

/** Values that pass most fields, so a poisoned request gets past them to the database. */
const candidates = () => [
  fx.locations.own.id,
  String(fx.locations.own.id),
  fx.products.cups,
  fx.products.beans,
  2,
  0.25,
  true,
  false,
  'Coffee',
  'New name',
  'staff',
  '2026-03-01',
  '2026-03-01T08:00:00Z',
  '17:00',
  'UTC',
  'order-key-1',
  'new.person@example.test',
  'a brand new password',
  'products',
  'approve',
  null,
];

/** A value the schema accepts, built field by field from the candidates (a field none fits is left out). */
function validValue(schema: z.ZodType): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const inner = validValue(field);
        if (inner !== undefined) value[key] = inner;
      }
      return value;
    }
    case 'array': {
      const inner = validValue(def.element as z.ZodType);
      return inner === undefined ? [] : [inner];
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch': {
      const inner = validValue(def.innerType as z.ZodType);
      return inner !== undefined && schema.safeParse(inner).success ? inner : undefined;
    }
    case 'pipe': {
      const inner = defOf(def.in);
      if (inner.type !== 'transform') {
        const fromIn = validValue(def.in as z.ZodType);
        if (fromIn !== undefined && schema.safeParse(fromIn).success) return fromIn;
      }
      return candidates().find((value) => schema.safeParse(value).success);
    }
    case 'enum':
      return Object.values(def.entries as Record<string, string>)[0];
    default:
      return candidates().find((value) => schema.safeParse(value).success);
  }
}

/** Requests for each field the endpoint reads: that field poisoned, every other one plausible. */
const systematicArbitrary = (endpoint: EndpointSpec, rotation: number, everySort: boolean) => {
  const leaves = PARTS.flatMap((part) => (endpoint[part] ? leavesOf(endpoint[part] as z.ZodType, part) : []));
  const part = (where: Part) =>
    endpoint[where] ? fc.constant(validValue(endpoint[where] as z.ZodType)) : fc.constant(undefined);
  return fc.tuple(
    // Each field gets the first poison of its kind (NUL, 5e-324), one that changes with the role, and every
    // poison of its sort (dates, whole numbers): all of them for the admin, who may call every route, and
    // spread over the other roles.
    ...leaves.flatMap((leaf, i) => {
      const poisons = poisonsFor(leaf);
      const sorted = fieldPoisons(leaf);
      const chosen = [
        poisons[0],
        poisons[1 + ((i + rotation) % (poisons.length - 1))],
        ...sorted.filter((_, k) => everySort || k % ROLES.length === rotation % ROLES.length),
      ];
      return chosen.map((value) => {
        const poison: [Leaf, unknown] = [leaf, value];
        return fc
          .record({
            params: part('params'),
            query: part('query'),
            body: part('body'),
            headers: part('headers'),
          })
          .map((parts) => ({
            junkWeight: 0,
            poison,
            extraQuery: null,
            extraField: null,
            rawSegment: null,
            rawBody: null,
            parts,
          }));
      });
    }),
  );
};

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
    const random = fc.sample(requestArbitrary(endpoint), {
      numRuns: RUNS_PER_ROLE * roles.length * 4,
      seed: SEED + index,
    });
    let next = 0;
    for (const [roleIndex, role] of roles.entries()) {
      // First every field once with a poison and the rest plausible (each role a different poison), then
      // random requests; both count towards the total.
      const systematic = fc.sample(systematicArbitrary(endpoint, roleIndex, role === 'admin'), {
        numRuns: 1,
        seed: SEED + index * 10 + roleIndex,
      })[0];
      const plans = [...(systematic ?? [])];
      let randomSent = 0;
      while (plans.length > 0 || (randomSent < RUNS_PER_ROLE && next < random.length)) {
        const fromPlan = plans.shift();
        const g = fromPlan ?? random[next++];
        if (!g) break;
        if (!fromPlan) randomSent++;
        const parts: Partial<Record<Part, unknown>> = { ...g.parts };
        let poisoned = g.rawSegment !== null || g.rawBody !== null;
        if (g.poison) {
          const [leaf, value] = g.poison;
          parts[leaf.part] = setAt(parts[leaf.part], leaf.path, value);
          poisoned ||= leaf.part !== 'headers' || sendableHeader(textOf(value));
        }
        const query = { ...((parts.query as Record<string, unknown>) ?? {}), ...(g.extraQuery ?? {}) };
        let body = parts.body;
        if (g.extraField && body && typeof body === 'object' && !Array.isArray(body)) {
          body = { ...body, [g.extraField[0]]: g.extraField[1] };
        }
        const request: FuzzRequest = {
          path: fillParams(endpoint, (parts.params as Record<string, unknown>) ?? {}, g.rawSegment),
          parts: { params: parts.params, query, body, headers: parts.headers },
          rawBody: g.rawBody ?? undefined,
        };
        // A write must carry a value no field accepts, or be refused by its own schemas: one the schemas
        // accept could legitimately change data (or sign someone in). A write without any input (signing
        // out) is sent signed out, where it has nothing to change.
        const mayWrite = endpoint.method !== 'GET' && hasInput;
        if (mayWrite && !poisoned && !schemasRefuse(endpoint, request)) {
          if (!fromPlan) randomSent--;
          continue;
        }
        requests++;
        const headers: Record<string, string> = {};
        for (const [key, value] of Object.entries((parts.headers as Record<string, unknown>) ?? {})) {
          if (value !== undefined && sendableHeader(textOf(value))) headers[key] = textOf(value);
        }
        if (request.rawBody) headers['content-type'] = request.rawBody.contentType;
        const label = `${role} ${endpoint.method} ${request.path}${queryText(query)} ${
          request.rawBody ? request.rawBody.text.slice(0, 40) : JSON.stringify(body)?.slice(0, 300)
        }`;
        const res = await call(app, endpoint.method, `${request.path}${queryText(query)}`, {
          cookie: cookies[role],
          body: request.rawBody ? request.rawBody.text : endpoint.method === 'GET' ? undefined : body,
          headers,
        });
        if (process.env.FUZZ_TRACE && label.includes(process.env.FUZZ_TRACE)) console.log(res.status, label);
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
