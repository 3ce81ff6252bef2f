import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { toIsoString } from '@db/repositories/timestamps.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import {
  approvalsResponseSchema,
  approvalsSummarySchema,
  bulkApprovalResponseSchema,
} from '@engine/order-schemas.ts';
import { buildFixture, type Fixture, sessionCookieFor } from './fixtures.ts';
import { call, testApp } from './http.ts';
import { auditActions, insertOrder, southDistrictManager } from './ordering-fixtures.ts';

let db: Db;
let fx: Fixture;
let app: ReturnType<typeof testApp>;
let manager: string;
let district: string;
let south: string;
let own: number;

beforeAll(async () => {
  db = await openTestDb();
  fx = await buildFixture(db);
  app = testApp(db);
  manager = await sessionCookieFor(db, fx.users.cafeManager.id);
  district = await sessionCookieFor(db, fx.users.districtManager.id);
  south = await sessionCookieFor(db, (await southDistrictManager(db, fx)).id);
  own = fx.locations.own.id;
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.query('DELETE FROM orders');
  await db.query('DELETE FROM audit_log');
});

const queue = async (cookie = district, query = '') => {
  const res = await call(app, 'GET', `/api/approvals${query}`, { cookie });
  expect(res.status).toBe(200);
  return approvalsResponseSchema.parse(res.json);
};

describe('GET /api/approvals', () => {
  test('flags each line against the location’s previous order that was not cancelled or rejected', async () => {
    const by = fx.users.cafeManager.id;
    // Oldest history first. Milk was last ordered at 10 and beans at 4 (the received order); the later
    // cancelled and rejected orders do not count; cups were never ordered here. Another location's
    // order of cups does not count either.
    await insertOrder(db, {
      locationId: own,
      createdBy: by,
      status: 'received',
      hoursAgo: 200,
      lines: [{ productId: fx.products.milk, quantity: 3 }],
    });
    await insertOrder(db, {
      locationId: own,
      createdBy: by,
      status: 'received',
      hoursAgo: 100,
      lines: [
        { productId: fx.products.milk, quantity: 10 },
        { productId: fx.products.beans, quantity: 4 },
      ],
    });
    await insertOrder(db, {
      locationId: own,
      createdBy: by,
      status: 'cancelled',
      hoursAgo: 50,
      lines: [{ productId: fx.products.milk, quantity: 100 }],
    });
    await insertOrder(db, {
      locationId: own,
      createdBy: by,
      status: 'rejected',
      hoursAgo: 40,
      lines: [{ productId: fx.products.beans, quantity: 1 }],
    });
    await insertOrder(db, {
      locationId: fx.locations.sibling.id,
      createdBy: by,
      status: 'received',
      hoursAgo: 30,
      lines: [{ productId: fx.products.cups, quantity: 5 }],
    });
    const first = await insertOrder(db, {
      locationId: own,
      createdBy: by,
      hoursAgo: 2,
      lines: [
        { productId: fx.products.milk, quantity: 4 }, // under half of 10
        { productId: fx.products.beans, quantity: 8 }, // exactly twice 4: not flagged
        { productId: fx.products.cups, quantity: 1 }, // never ordered here
      ],
    });
    // A second pending order compares with the first one, which is not cancelled or rejected.
    const second = await insertOrder(db, {
      locationId: own,
      createdBy: by,
      hoursAgo: 1,
      lines: [
        { productId: fx.products.milk, quantity: 2 }, // exactly half of 4: not flagged
        { productId: fx.products.beans, quantity: 16.01 }, // over twice 8
      ],
    });

    const { orders } = await queue();
    expect(orders.map((o) => o.id)).toEqual([first, second]);
    const flagsOf = (i: number) =>
      orders[i]?.lines.map((l) => [l.productName, l.previousQuantity, l.flags.map((f) => f.code)]);
    expect(flagsOf(0)).toEqual([
      ['Espresso Beans', 4, []],
      ['Oat Milk', 10, ['under_half']],
      ['Cups 12oz', null, ['first_order']],
    ]);
    expect(flagsOf(1)).toEqual([
      ['Espresso Beans', 8, ['over_double']],
      ['Oat Milk', 4, []],
    ]);
    expect(orders.map((o) => o.flaggedLineCount)).toEqual([2, 1]);
    expect(orders[0]?.lines[1]?.flags[0]?.message).toBe('Less than half of the previous order (10)');
  });

  test('only submitted orders of the approver’s scope; a location filter; others 403', async () => {
    const by = fx.users.cafeManager.id;
    const mine = await insertOrder(db, {
      locationId: own,
      createdBy: by,
      lines: [{ productId: fx.products.milk, quantity: 1 }],
    });
    const sibling = await insertOrder(db, {
      locationId: fx.locations.sibling.id,
      createdBy: by,
      hoursAgo: 1,
      lines: [{ productId: fx.products.milk, quantity: 1 }],
    });
    await insertOrder(db, {
      locationId: own,
      createdBy: by,
      status: 'approved',
      lines: [{ productId: fx.products.milk, quantity: 1 }],
    });
    const foreign = await insertOrder(db, {
      locationId: fx.locations.foreign.id,
      createdBy: by,
      lines: [{ productId: fx.products.milk, quantity: 1 }],
    });

    expect((await queue()).orders.map((o) => o.id)).toEqual([sibling, mine]);
    expect((await queue(district, `?locationId=${own}`)).orders.map((o) => o.id)).toEqual([mine]);
    expect((await queue(south)).orders.map((o) => o.id)).toEqual([foreign]);
    const outside = await call(app, 'GET', `/api/approvals?locationId=${fx.locations.foreign.id}`, {
      cookie: district,
    });
    expect(outside.status).toBe(403);
    expect((await call(app, 'GET', '/api/approvals', { cookie: manager })).status).toBe(403);
  });
});

describe('GET /api/approvals/summary', () => {
  const summary = async (cookie: string) => {
    const res = await call(app, 'GET', '/api/approvals/summary', { cookie });
    expect(res.status).toBe(200);
    return approvalsSummarySchema.parse(res.json);
  };

  test('nothing waiting: zeros and no oldest time', async () => {
    expect(await summary(district)).toEqual({ waiting: 0, cafes: 0, total: 0, oldestSubmittedAt: null });
  });

  test('counts the submitted orders of the approver’s cafés only, their cafés, total and the oldest', async () => {
    const by = fx.users.cafeManager.id;
    await insertOrder(db, {
      locationId: own,
      createdBy: by,
      hoursAgo: 2,
      lines: [
        { productId: fx.products.milk, quantity: 3, unitCost: 4.25 },
        { productId: fx.products.beans, quantity: 1, unitCost: 18.5 },
      ],
    });
    await insertOrder(db, {
      locationId: own,
      createdBy: by,
      lines: [{ productId: fx.products.milk, quantity: 2, unitCost: 4.25 }],
    });
    const oldest = await insertOrder(db, {
      locationId: fx.locations.sibling.id,
      createdBy: by,
      hoursAgo: 30,
      lines: [{ productId: fx.products.milk, quantity: 1, unitCost: 0.1 }],
    });
    // Neither an approved order nor another district's submitted one waits for this approver.
    await insertOrder(db, {
      locationId: own,
      createdBy: by,
      status: 'approved',
      lines: [{ productId: fx.products.milk, quantity: 100 }],
    });
    await insertOrder(db, {
      locationId: fx.locations.foreign.id,
      createdBy: by,
      hoursAgo: 100,
      lines: [{ productId: fx.products.milk, quantity: 100 }],
    });
    const [submitted] = await db.query<{ at: unknown }>('SELECT created_at AS at FROM orders WHERE id = $1', [
      oldest,
    ]);

    const mine = await summary(district);
    expect(mine).toEqual({
      waiting: 3,
      cafes: 2,
      // 3 × 4.25 + 18.50 + 2 × 4.25 + 0.10, each line rounded to the cent as the order's total is.
      total: 39.85,
      oldestSubmittedAt: toIsoString(submitted?.at),
    });
    expect(await summary(south)).toMatchObject({ waiting: 1, cafes: 1 });
    // The queue lists exactly what the summary counts.
    expect((await queue()).orders).toHaveLength(mine.waiting);
  });

  test('a café manager, who approves nothing, is refused', async () => {
    const res = await call(app, 'GET', '/api/approvals/summary', { cookie: manager });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/approvals/bulk', () => {
  const bulk = (body: unknown, cookie = district) =>
    call(app, 'POST', '/api/approvals/bulk', { cookie, body });
  const order = (locationId = own, status: 'submitted' | 'approved' = 'submitted') =>
    insertOrder(db, {
      locationId,
      createdBy: fx.users.cafeManager.id,
      status,
      lines: [{ productId: fx.products.milk, quantity: 1 }],
    });

  test('approves what it can and reports each order’s outcome', async () => {
    const ok = await order();
    const alsoOk = await order(fx.locations.sibling.id);
    const already = await order(own, 'approved');
    const foreign = await order(fx.locations.foreign.id);
    const edited = await order();
    await db.query('UPDATE orders SET version = 2 WHERE id = $1', [edited]);

    const res = await bulk({
      action: 'approve',
      orderIds: [ok, already, foreign, edited, alsoOk, ok],
      expectedVersions: { [edited]: 1 },
      comment: 'Weekly batch',
    });
    expect(res.status).toBe(200);
    const report = bulkApprovalResponseSchema.parse(res.json);
    expect(report.results.map((r) => [r.orderId, r.ok ? r.order.status : r.status])).toEqual([
      [ok, 'approved'],
      [already, 409],
      [foreign, 404],
      [edited, 409],
      [alsoOk, 'approved'],
    ]);
    expect(report).toMatchObject({ approved: 2, failed: 3 });
    expect(report.results[1]).toMatchObject({ message: 'This order is already approved.' });
    expect(report.results[2]).toMatchObject({ code: 'not_found', message: 'Order not found.' });
    expect(report.results[3]).toMatchObject({
      message: 'This order changed after you opened it (now submitted). Reload to see the latest.',
    });

    const statuses = await db.query<{ id: number; status: string }>(
      'SELECT id, status FROM orders ORDER BY id',
    );
    expect(statuses).toEqual([
      { id: ok, status: 'approved' },
      { id: alsoOk, status: 'approved' },
      { id: already, status: 'approved' },
      { id: foreign, status: 'submitted' },
      { id: edited, status: 'submitted' },
    ]);
    expect(await auditActions(db)).toEqual(['order.approve', 'order.approve']);
    const comments = await db.query<{ comment: string }>(
      `SELECT comment FROM order_events WHERE to_status = 'approved'`,
    );
    expect(comments.map((c) => c.comment)).toEqual(['Weekly batch', 'Weekly batch']);
  });

  test('only approve is a bulk action; a café manager may not approve', async () => {
    const id = await order();
    const reject = await bulk({ action: 'reject', orderIds: [id] });
    expect(reject.status).toBe(400);
    expect(reject.json).toMatchObject({ message: "action must be 'approve'" });
    expect((await bulk({ action: 'approve', orderIds: [id] }, manager)).status).toBe(403);
    expect(await auditActions(db)).toEqual([]);
  });
});
