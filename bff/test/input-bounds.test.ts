import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { encodeAuditCursor } from '@engine/admin-audit-log-schemas.ts';
import { buildFixture, type Fixture, sessionCookieFor } from './fixtures.ts';
import { call, recordingLogger, testApp } from './http.ts';

/**
 * Inputs that once reached the database and answered 500: each is now a 400 naming the field, and the
 * server logs nothing unhandled.
 */

let db: Db;
let fx: Fixture;
let app: ReturnType<typeof testApp>;
const logger = recordingLogger();
let admin: string;

beforeAll(async () => {
  db = await openTestDb();
  fx = await buildFixture(db);
  app = testApp(db, { logger });
  admin = await sessionCookieFor(db, fx.users.admin.id);
});
afterAll(() => db.close());

async function refused(method: string, path: string, body?: unknown) {
  const res = await call(app, method, path, { cookie: admin, body });
  expect({ path, status: res.status }).toEqual({ path, status: 400 });
  const answer = res.json as { code: string; message: string };
  expect(answer.code).toBe('validation_failed');
  return answer.message;
}

describe('text that cannot be stored', () => {
  test('a NUL character in a body, a query or a path is a 400 naming the field', async () => {
    expect(await refused('POST', '/api/admin/districts', { name: 'North\u0000' })).toBe(
      'Name contains a NUL character, which cannot be stored; remove it',
    );
    const own = fx.locations.own.id;
    expect(await refused('PUT', `/api/cart/${own}/note`, { note: 'a\u0000b' })).toMatch(
      /^note contains a NUL/,
    );
    expect(await refused('GET', '/api/admin/audit-log?entity=a%00b')).toMatch(/^entity contains a NUL/);
    expect(await refused('PUT', '/api/admin/roles/sta%00ff/permissions', { permissions: [] })).toMatch(
      /^role contains a NUL/,
    );
  });

  test('a lone UTF-16 surrogate is a 400, not a broken character stored or a 500', async () => {
    expect(await refused('POST', '/api/admin/districts', { name: 'North\ud800' })).toBe(
      'Name contains a broken character (half of an emoji or symbol); retype it',
    );
    expect(await refused('PUT', `/api/cart/${fx.locations.own.id}/note`, { note: 'x\udc00' })).toMatch(
      /^note contains a broken character/,
    );
  });

  test('control characters are refused in single-line fields; notes keep their line breaks', async () => {
    expect(await refused('POST', '/api/admin/districts', { name: 'North\u001b[31m' })).toMatch(
      /^Name contains a line break or an invisible control character/,
    );
    const note = await call(app, 'PUT', `/api/cart/${fx.locations.own.id}/note`, {
      cookie: admin,
      body: { note: 'first line\nsecond line' },
    });
    expect(note.status).toBe(200);
  });
});

describe('ids', () => {
  test.each(['%201', '+1', '01', '1.0', '2147483648', '99999999999999999999', '%00'])(
    '/api/orders/%s is not an order id',
    async (id) => {
      await refused('GET', `/api/orders/${id}`);
    },
  );

  test('a body id above the 32-bit range is a 400', async () => {
    expect(
      await refused('PUT', `/api/cart/${fx.locations.own.id}/items`, {
        items: [{ productId: 2_147_483_648, quantity: 1 }],
      }),
    ).toBe('productId is too large');
    expect(
      await refused('PATCH', `/api/admin/users/${fx.users.staff.id}`, { locationIds: [2_147_483_648] }),
    ).toBe('location id is too large');
  });
});

describe('numbers', () => {
  test('5e-324 is no quantity or amount: refused, not rounded to 0', async () => {
    expect(
      await refused('PUT', `/api/cart/${fx.locations.own.id}/items`, {
        items: [{ productId: fx.products.beans, quantity: 5e-324 }],
      }),
    ).toBe('quantity can have at most 2 decimal places');
    expect(
      await refused('POST', '/api/admin/products', {
        name: 'Tiny',
        unit: 'each',
        cafeOrderCategory: 'Coffee',
        unitCost: 5e-324,
      }),
    ).toBe('Unit cost must have at most 2 decimal places');
  });
});

describe('days and times', () => {
  const item = (typedAt: string) => ({
    locationId: fx.locations.own.id,
    sessionId: null,
    items: [{ productId: fx.products.cups, count: 1, confirmed: false, typedAt }],
  });

  test('a timestamp in year 0000 or with a +23:59 offset is a 400', async () => {
    expect(await refused('POST', '/api/count-sessions/items', item('0000-01-01T00:00:00Z'))).toBe(
      'typedAt must be between 1970 and 9999',
    );
    expect(await refused('POST', '/api/count-sessions/items', item('2025-01-01T00:00:00+23:59'))).toBe(
      'typedAt has a time-zone offset beyond ±14:00',
    );
  });

  test('date filters in year 0000 are a 400 on every list', async () => {
    expect(await refused('GET', '/api/orders?from=0000-01-01')).toBe('Dates must be between 1970 and 9999');
    expect(await refused('GET', '/api/orders/export.csv?to=0000-01-01')).toBe(
      'Dates must be between 1970 and 9999',
    );
    expect(await refused('GET', '/api/admin/audit-log?from=0000-01-01')).toBe(
      'from must be between 1970 and 9999',
    );
    expect(
      await refused('GET', `/api/nightly-counts?locationId=${fx.locations.own.id}&date=0000-01-01`),
    ).toBe('date must be between 1970 and 9999');
  });
});

describe('page cursors', () => {
  test('a well-formed cursor naming no entry is refused, not answered with an empty page', async () => {
    const forged = encodeAuditCursor({ createdAt: '2026-01-01T00:00:00.000000Z', id: 424242 });
    expect(await refused('GET', `/api/admin/audit-log?cursor=${forged}`)).toBe(
      'cursor is not valid; start again from the first page',
    );
    // Named in `details` like every other bad field, for a form that marks fields.
    const res = await call(app, 'GET', `/api/admin/audit-log?cursor=${forged}`, { cookie: admin });
    expect(res.json).toMatchObject({
      details: [{ path: 'cursor', message: 'cursor is not valid; start again from the first page' }],
    });
  });

  test('a cursor from a real page still pages', async () => {
    for (const name of ['East', 'West', 'Central']) {
      expect(
        (await call(app, 'POST', '/api/admin/districts', { cookie: admin, body: { name } })).status,
      ).toBe(201);
    }
    const first = await call(app, 'GET', '/api/admin/audit-log?limit=1', { cookie: admin });
    const { nextCursor } = first.json as { nextCursor: string };
    expect(nextCursor).toBeString();
    const second = await call(app, 'GET', `/api/admin/audit-log?limit=1&cursor=${nextCursor}`, {
      cookie: admin,
    });
    expect(second.status).toBe(200);
  });
});

test('none of these reached the database as an unhandled error', () => {
  expect(logger.errors.filter((line) => /Unhandled|Database refused/.test(line))).toEqual([]);
});
