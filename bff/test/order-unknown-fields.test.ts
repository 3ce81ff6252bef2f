import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { buildFixture, type Fixture, sessionCookieFor } from './fixtures.ts';
import { call, testApp } from './http.ts';
import { auditActions, fillCart, insertOrder } from './ordering-fixtures.ts';

/*
 * Order writes refuse fields they do not know, as the admin writes do: a field misspelt in a script must not be
 * dropped without a word. `{ productId, qty: 0 }` in a delivery would otherwise receive the line as ordered.
 */
let db: Db;
let fx: Fixture;
let app: ReturnType<typeof testApp>;
let district = '';
let manager = '';

beforeAll(async () => {
  db = await openTestDb();
  fx = await buildFixture(db);
  app = testApp(db);
  district = await sessionCookieFor(db, fx.users.districtManager.id);
  manager = await sessionCookieFor(db, fx.users.cafeManager.id);
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.query('DELETE FROM orders');
  await db.query('DELETE FROM audit_log');
});

const orderOf = (status: 'submitted' | 'placed') =>
  insertOrder(db, {
    locationId: fx.locations.own.id,
    createdBy: fx.users.cafeManager.id,
    status,
    lines: [
      { productId: fx.products.milk, quantity: 4 },
      { productId: fx.products.beans, quantity: 2 },
    ],
  });

async function orderRow(id: number) {
  const [order] = await db.query<{ status: string; version: number }>(
    'SELECT status, version FROM orders WHERE id = $1',
    [id],
  );
  const lines = await db.query<{ quantity: string; received_quantity: string | null }>(
    'SELECT quantity, received_quantity FROM order_lines WHERE order_id = $1 ORDER BY product_id',
    [id],
  );
  return { order, lines };
}

async function refused(method: string, path: string, body: unknown, message: RegExp, cookie = district) {
  const res = await call(app, method, path, {
    cookie,
    body,
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(400);
  expect(res.json).toMatchObject({ code: 'validation_failed' });
  expect((res.json as { message: string }).message).toMatch(message);
}

describe('order writes refuse fields they do not know', () => {
  test('a step on an order with a misspelt comment: 400 naming it, the order as it was', async () => {
    const id = await orderOf('submitted');
    const before = await orderRow(id);
    for (const action of ['approve', 'reject', 'cancel']) {
      await refused(
        'POST',
        `/api/orders/${id}/${action}`,
        { expectedVersion: 1, coment: 'ok' },
        /^Unknown field: coment$/,
      );
    }
    await refused(
      'PATCH',
      `/api/orders/${id}/lines`,
      { expectedVersion: 1, lines: [{ productId: fx.products.milk, quantity: 6, note: 'more' }] },
      /^Unknown field: lines\.0\.note$/,
    );
    await refused(
      'POST',
      '/api/approvals/bulk',
      { action: 'approve', orderIds: [id], comments: 'all fine' },
      /comments/,
    );
    expect(await orderRow(id)).toEqual(before);
    expect(await auditActions(db)).toEqual([]);
  });

  test('a delivery saying `qty: 0` is refused, not received as ordered; nor a correction with an extra field', async () => {
    const id = await orderOf('placed');
    const before = await orderRow(id);
    for (const action of ['place', 'receive']) {
      await refused('POST', `/api/orders/${id}/${action}`, { expectedVersion: 1, extra: true }, /extra/);
    }
    await refused(
      'POST',
      `/api/orders/${id}/deliveries`,
      { lines: [{ productId: fx.products.milk, qty: 0 }] },
      /^Unknown field: lines\.0\.qty$/,
    );
    await refused(
      'PATCH',
      `/api/orders/${id}/deliveries`,
      { lines: [{ productId: fx.products.milk, quantity: 3 }], reason: 'short' },
      /reason/,
    );
    expect(await orderRow(id)).toEqual(before);
    expect(await auditActions(db)).toEqual([]);
  });

  test('a submission with a field it does not know orders nothing, and the cart is kept', async () => {
    await fillCart(db, fx.locations.own.id, [{ productId: fx.products.milk, quantity: 3 }]);
    await refused(
      'POST',
      '/api/orders',
      { locationId: fx.locations.own.id, notes: 'before noon' },
      /notes/,
      manager,
    );
    await refused(
      'POST',
      '/api/orders',
      {
        locationId: fx.locations.own.id,
        expectedLines: [{ productId: fx.products.milk, quantity: 3, unit: 'L' }],
      },
      /unit/,
      manager,
    );
    expect(await db.query('SELECT id FROM orders')).toEqual([]);
    expect(
      await db.query('SELECT product_id FROM cart_items WHERE location_id = $1', [fx.locations.own.id]),
    ).toEqual([{ product_id: fx.products.milk }]);
  });

  test('a misspelt field is the message, not the field it left missing', async () => {
    const id = await orderOf('submitted');
    await refused(
      'PATCH',
      `/api/orders/${id}/lines`,
      { expectedVersion: 1, lines: [{ productId: fx.products.milk, quantiy: 6 }] },
      /^Unknown field: lines\.0\.quantiy$/,
    );
    await refused(
      'POST',
      `/api/orders/${id}/approve`,
      { expectedVersion: '1' },
      /^expectedVersion must be a number/,
    );
  });

  test('a bulk approval with a version for an order it does not approve is refused: the id was mistyped', async () => {
    const id = await orderOf('submitted');
    await refused(
      'POST',
      '/api/approvals/bulk',
      { action: 'approve', orderIds: [id], expectedVersions: { [id + 1000]: 999 } },
      new RegExp(`^expectedVersions names order ${id + 1000}, not in orderIds$`),
    );
    await refused(
      'POST',
      '/api/approvals/bulk',
      { action: 'approve', orderIds: [id], expectedVersions: { abc: 1 } },
      /^expectedVersions keys must be order ids$/,
    );
    await refused(
      'POST',
      '/api/approvals/bulk',
      { action: 'approve', orderIds: [id], expectedVersions: [1] },
      /^expectedVersions must be an object of order id → version$/,
    );
    expect((await orderRow(id)).order).toEqual({ status: 'submitted', version: 1 });
  });

  test('cart writes refuse fields they do not know: `qty` does not leave the quantity as it was', async () => {
    const path = `/api/cart/${fx.locations.own.id}`;
    await fillCart(db, fx.locations.own.id, [{ productId: fx.products.milk, quantity: 2 }]);
    await refused(
      'PUT',
      `${path}/items`,
      { items: [{ productId: fx.products.milk, quantity: 2, qty: 7 }] },
      /^Unknown field: items\.0\.qty$/,
      manager,
    );
    await refused(
      'PUT',
      `${path}/items`,
      { items: [{ productId: fx.products.milk, quantity: 2 }], locationId: 2 },
      /^Unknown field: locationId$/,
      manager,
    );
    await refused('PUT', `${path}/note`, { notes: 'hello' }, /^Unknown field: notes$/, manager);
    expect(
      await db.query('SELECT quantity FROM cart_items WHERE location_id = $1', [fx.locations.own.id]),
    ).toEqual([{ quantity: 2 }]);
  });
});
