import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { buildFixture, type Fixture, sessionCookieFor } from './fixtures.ts';
import { call, recordingLogger, testApp } from './http.ts';

let db: Db;
let fx: Fixture;
let app: ReturnType<typeof testApp>;
const logger = recordingLogger();
beforeAll(async () => {
  db = await openTestDb();
  fx = await buildFixture(db);
  app = testApp(db, { logger });
});
afterAll(() => db.close());

test('probe', async () => {
  const admin = await sessionCookieFor(db, fx.users.admin.id);
  const own = fx.locations.own.id;
  const cases: [string, string, unknown?][] = [
    ['POST', '/api/admin/districts', { name: 'a\u0000b' }],
    ['POST', '/api/admin/districts', { name: 'a\ud800b' }],
    ['PUT', `/api/cart/${own}/note`, { note: 'x\u0000' }],
    ['PUT', `/api/cart/${own}/note`, { note: 'x\udc00' }],
    ['GET', '/api/admin/audit-log?entity=a%00b'],
    ['GET', '/api/orders/%00'],
    ['GET', '/api/orders/1%00'],
    ['GET', '/api/orders/2147483648'],
    ['GET', '/api/orders/%201'],
    ['GET', '/api/orders/+1'],
    ['GET', '/api/orders/01'],
    ['GET', '/api/orders/1.0'],
    ['PUT', `/api/cart/${own}/items`, { items: [{ productId: 2147483648, quantity: 1 }] }],
    ['PUT', `/api/cart/${own}/items`, { items: [{ productId: fx.products.beans, quantity: 5e-324 }] }],
    ['PATCH', '/api/pars', { locationId: own, items: [{ productId: fx.products.cups, par: 5e-324 }] }],
    ['POST', '/api/count-sessions/items', { locationId: own, sessionId: null, items: [{ productId: fx.products.cups, count: 1, confirmed: false, typedAt: '0000-01-01T00:00:00Z' }] }],
    ['POST', '/api/count-sessions/items', { locationId: own, sessionId: null, items: [{ productId: fx.products.cups, count: 1, confirmed: false, typedAt: '2025-01-01T00:00:00+23:59' }] }],
    ['GET', '/api/orders?from=0000-01-01'],
    ['GET', '/api/orders?to=0000-01-01'],
    ['GET', '/api/admin/audit-log?from=0000-01-01'],
    ['GET', `/api/nightly-counts?locationId=${own}&date=0000-01-01`],
    ['POST', '/api/admin/products', { name: 'P', unit: 'u', cafeOrderCategory: 'C', unitCost: 5e-324 }],
    ['GET', '/api/admin/audit-log?cursor=AAAA'],
    ['GET', `/api/admin/audit-log?cursor=${btoa('2026-01-01T00:00:00.000000Z|99999999999999999')}`],
    ['POST', '/api/auth/login', { email: 'a\u0000@x.com', password: 'x' }],
    ['POST', '/api/auth/login', { email: 'a@x.com', password: 'x\u0000' }],
    ['GET', '/api/inventory?locationId=2147483648'],
    ['PUT', '/api/admin/roles/sta%00ff/permissions', { permissions: [] }],
  ];
  for (const [method, path, body] of cases) {
    const res = await call(app, method, path, { cookie: admin, body });
    console.log(res.status, method, path, JSON.stringify(body)?.slice(0, 80), res.text.slice(0, 160));
  }
  console.log(logger.errors.join('\n').slice(0, 3000));
});
