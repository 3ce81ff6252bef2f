import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { type OrderDetail, orderDetailSchema } from '@engine/order-schemas.ts';
import { buildFixture, type Fixture, sessionCookieFor } from './fixtures.ts';
import { call, testApp } from './http.ts';
import { auditActions, insertOrder, southDistrictManager } from './ordering-fixtures.ts';

let db: Db;
let fx: Fixture;
let app: ReturnType<typeof testApp>;
let manager: string;
let district: string;
let admin: string;
let south: string;

beforeAll(async () => {
  db = await openTestDb();
  fx = await buildFixture(db);
  app = testApp(db);
  manager = await sessionCookieFor(db, fx.users.cafeManager.id);
  district = await sessionCookieFor(db, fx.users.districtManager.id);
  admin = await sessionCookieFor(db, fx.users.admin.id);
  south = await sessionCookieFor(db, (await southDistrictManager(db, fx)).id);
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.query('DELETE FROM orders');
  await db.query('DELETE FROM audit_log');
});

const newOrder = (createdBy = fx.users.cafeManager.id) =>
  insertOrder(db, {
    locationId: fx.locations.own.id,
    createdBy,
    lines: [
      { productId: fx.products.milk, quantity: 4 },
      { productId: fx.products.cups, quantity: 10 },
    ],
  });

const act = (orderId: number, action: string, body: unknown, cookie = district) =>
  call(app, 'POST', `/api/orders/${orderId}/${action}`, { cookie, body });

async function statusOf(orderId: number): Promise<{ status: string; version: number }> {
  const [row] = await db.query<{ status: string; version: number }>(
    'SELECT status, version FROM orders WHERE id = $1',
    [orderId],
  );
  if (!row) throw new Error(`No order ${orderId}`);
  return row;
}

describe('order transitions through the API', () => {
  test('submitted → approved → placed → received, each with an event and an audit row', async () => {
    const id = await newOrder();
    const steps: [string, string, string][] = [
      ['approve', 'approved', 'Looks right'],
      ['place', 'placed', ''],
      ['receive', 'received', 'Two cases dented'],
    ];
    let version = 1;
    for (const [action, status, comment] of steps) {
      const res = await act(id, action, { expectedVersion: version, comment: comment || undefined });
      expect(res.status).toBe(200);
      const order = orderDetailSchema.parse(res.json);
      version += 1;
      expect(order).toMatchObject({ status, version });
    }
    const detail = orderDetailSchema.parse(
      (await call(app, 'GET', `/api/orders/${id}`, { cookie: manager })).json,
    );
    expect(detail.events.map((e) => [e.fromStatus, e.toStatus, e.actor?.name, e.comment])).toEqual([
      [null, 'submitted', 'Mia Manager', ''],
      ['submitted', 'approved', 'Dan District', 'Looks right'],
      ['approved', 'placed', 'Dan District', ''],
      ['placed', 'received', 'Dan District', 'Two cases dented'],
    ]);
    expect(await auditActions(db)).toEqual(['order.approve', 'order.place', 'order.receive']);
    const [audit] = await db.query<{ before: unknown; after: unknown; entity_id: string }>(
      `SELECT before, after, entity_id FROM audit_log WHERE action = 'order.approve'`,
    );
    expect(audit).toEqual({
      entity_id: String(id),
      before: { status: 'submitted', version: 1 },
      after: { status: 'approved', version: 2, comment: 'Looks right' },
    });
  });

  test('reject needs a comment and is final', async () => {
    const id = await newOrder();
    const bare = await act(id, 'reject', { expectedVersion: 1 });
    expect(bare.status).toBe(400);
    expect(bare.json).toMatchObject({ message: 'Add a comment saying why the order is rejected.' });
    // A reason nobody can read is no reason.
    for (const comment of ['\u200b', ' \u2060\n ']) {
      const invisible = await act(id, 'reject', { expectedVersion: 1, comment });
      expect(invisible.json).toMatchObject({ message: 'Add a comment saying why the order is rejected.' });
    }
    expect((await act(id, 'reject', { expectedVersion: 1, comment: 'Too much milk' })).status).toBe(200);
    const again = await act(id, 'approve', { expectedVersion: 2 });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({
      code: 'invalid_transition',
      message: 'Only submitted orders can be approved; this order is rejected.',
      details: { status: 'rejected' },
    });
  });

  test('transitions the state machine refuses are a 409 with its reason; nothing changes', async () => {
    const id = await newOrder();
    const receive = await act(id, 'receive', { expectedVersion: 1 });
    expect(receive.status).toBe(409);
    expect(receive.json).toMatchObject({
      message: 'Only placed orders can be received; this order is submitted.',
    });
    const place = await act(id, 'place', { expectedVersion: 1 });
    expect(place.json).toMatchObject({
      message: 'Only approved orders can be placed; this order is submitted.',
    });
    expect(await statusOf(id)).toEqual({ status: 'submitted', version: 1 });
    expect(await auditActions(db)).toEqual([]);
  });

  test('cancel works from submitted and approved, not after placing', async () => {
    const submitted = await newOrder();
    expect((await act(submitted, 'cancel', { expectedVersion: 1 })).status).toBe(200);
    const approved = await newOrder();
    await act(approved, 'approve', { expectedVersion: 1 });
    expect((await act(approved, 'cancel', { expectedVersion: 2 })).status).toBe(200);
    const placed = await newOrder();
    await act(placed, 'approve', { expectedVersion: 1 });
    await act(placed, 'place', { expectedVersion: 2 });
    const late = await act(placed, 'cancel', { expectedVersion: 3 });
    expect(late.status).toBe(409);
    expect(late.json).toMatchObject({
      message: 'Only submitted or approved orders can be cancelled; this order is placed.',
    });
  });

  test('an action on an old version: 409 naming who changed it and when, "You" for one\'s own other tab', async () => {
    const id = await newOrder();
    await act(id, 'approve', { expectedVersion: 1 });
    const stale = await act(id, 'cancel', { expectedVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({
      code: 'order_changed',
      details: { status: 'approved', changedBy: { id: fx.users.districtManager.id, name: 'Dan District' } },
    });
    expect((stale.json as { message: string }).message).toMatch(
      /^You approved this order today at \d\d:\d\d, on another screen\. Reload to see the latest\.$/,
    );
    const other = await act(id, 'cancel', { expectedVersion: 1 }, admin);
    expect((other.json as { message: string }).message).toMatch(
      /^Dan District approved this order today at \d\d:\d\d, after you opened it\. Reload to see the latest\.$/,
    );
    expect(await statusOf(id)).toEqual({ status: 'approved', version: 2 });
  });

  test("the change is told on the café's clock, and an earlier day by its date", async () => {
    const id = await newOrder();
    await act(id, 'approve', { expectedVersion: 1 });
    const [own] = await db.query<{ timezone: string }>('SELECT timezone FROM locations WHERE id = $1', [
      fx.locations.own.id,
    ]);
    await db.query(`UPDATE locations SET timezone = 'Asia/Tokyo' WHERE id = $1`, [fx.locations.own.id]);
    try {
      // 22:05 UTC is 07:05 the next morning in Tokyo.
      await db.query(
        `UPDATE order_events SET created_at = CASE to_status WHEN 'approved' THEN '2026-03-01T22:05:00Z'::timestamptz
                                                        ELSE '2026-03-01T21:00:00Z'::timestamptz END
          WHERE order_id = $1`,
        [id],
      );
      const stale = await act(id, 'cancel', { expectedVersion: 1 }, admin);
      expect(stale.json).toMatchObject({
        message:
          'Dan District approved this order on 2026-03-02 at 07:05, after you opened it. Reload to see the latest.',
        details: { changedAt: '2026-03-01T22:05:00.000Z' },
      });
    } finally {
      await db.query('UPDATE locations SET timezone = $2 WHERE id = $1', [
        fx.locations.own.id,
        own?.timezone ?? 'UTC',
      ]);
    }
  });

  test('two approvers at the same moment: one 200, the other 409; one event, one audit row', async () => {
    const id = await newOrder();
    const results = await Promise.all([
      act(id, 'approve', { expectedVersion: 1, comment: 'first' }, district),
      act(id, 'approve', { expectedVersion: 1, comment: 'second' }, admin),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409);
    const [winner] = await db.query<{ comment: string }>(
      `SELECT comment FROM order_events WHERE to_status = 'approved'`,
    );
    // The loser is told the winner's name, never its own.
    const winnerName = winner?.comment === 'first' ? 'Dan District' : 'Ada Admin';
    expect((loser?.json as { message: string } | undefined)?.message).toMatch(
      new RegExp(`^${winnerName} approved this order today at \\d\\d:\\d\\d, after you opened it\\.`),
    );
    expect(await statusOf(id)).toEqual({ status: 'approved', version: 2 });
    expect(await db.query(`SELECT 1 FROM order_events WHERE to_status = 'approved'`)).toHaveLength(1);
    expect(await auditActions(db)).toEqual(['order.approve']);
  });

  test('a version guard that loses inside the transaction also names the step that won', async () => {
    const id = await newOrder();
    // Approve and reject race on the same version; whichever commits second must not overwrite the first.
    const results = await Promise.all([
      act(id, 'reject', { expectedVersion: 1, comment: 'no' }, admin),
      act(id, 'approve', { expectedVersion: 1 }, district),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const { status, version } = await statusOf(id);
    expect(version).toBe(2);
    const loser = results.find((r) => r.status === 409);
    const winner = status === 'rejected' ? 'Ada Admin rejected' : 'Dan District approved';
    expect((loser?.json as { message: string } | undefined)?.message).toMatch(
      new RegExp(`^${winner} this order today at \\d\\d:\\d\\d, after you opened it\\.`),
    );
  });

  test('a bad body is a 400 naming the problem', async () => {
    const id = await newOrder();
    const res = await act(id, 'approve', {});
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ message: expect.stringMatching(/^expectedVersion is required/) });
  });
});

describe('who may act', () => {
  test('a café manager cannot approve, reject, place or receive', async () => {
    const id = await newOrder();
    for (const action of ['approve', 'reject', 'place', 'receive']) {
      const res = await act(id, action, { expectedVersion: 1, comment: 'x' }, manager);
      expect(res.status).toBe(403);
    }
    expect(await statusOf(id)).toEqual({ status: 'submitted', version: 1 });
  });

  test('a café manager may cancel their own order while it is submitted', async () => {
    const id = await newOrder();
    const res = await act(id, 'cancel', { expectedVersion: 1, comment: 'Ordered twice' }, manager);
    expect(res.status).toBe(200);
    expect(orderDetailSchema.parse(res.json).status).toBe('cancelled');
  });

  test('…but not once it is approved, and never someone else’s', async () => {
    const approved = await newOrder();
    await act(approved, 'approve', { expectedVersion: 1 });
    const late = await act(approved, 'cancel', { expectedVersion: 2 }, manager);
    expect(late.status).toBe(403);
    expect(late.json).toMatchObject({ message: expect.stringContaining('only while it is submitted') });

    const theirs = await newOrder(fx.users.districtManager.id);
    const other = await act(theirs, 'cancel', { expectedVersion: 1 }, manager);
    expect(other.status).toBe(403);
    expect(other.json).toMatchObject({ message: 'You can cancel only orders you submitted yourself.' });
  });

  test('another district’s manager: every action is a 404 and nothing changes', async () => {
    const id = await newOrder();
    for (const action of ['approve', 'reject', 'place', 'receive', 'cancel']) {
      const res = await act(id, action, { expectedVersion: 1, comment: 'x' }, south);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ code: 'not_found', message: 'Order not found.' });
    }
    const edit = await call(app, 'PATCH', `/api/orders/${id}/lines`, {
      cookie: south,
      body: { expectedVersion: 1, lines: [{ productId: fx.products.milk, quantity: 1 }] },
    });
    expect(edit.status).toBe(404);
    expect(await statusOf(id)).toEqual({ status: 'submitted', version: 1 });
  });
});

describe('PATCH /api/orders/:id/lines', () => {
  const edit = (id: number, body: unknown, cookie = district) =>
    call(app, 'PATCH', `/api/orders/${id}/lines`, { cookie, body });
  const quantities = (order: OrderDetail) => order.lines.map((l) => [l.productName, l.quantity]);

  test('changes and removes lines, bumps the version and records what changed', async () => {
    const id = await newOrder();
    const res = await edit(id, {
      expectedVersion: 1,
      lines: [
        { productId: fx.products.milk, quantity: 6 },
        { productId: fx.products.cups, quantity: 0 },
      ],
      comment: 'Cups come from the other vendor',
    });
    expect(res.status).toBe(200);
    const order = orderDetailSchema.parse(res.json);
    expect(quantities(order)).toEqual([['Oat Milk', 6]]);
    expect(order).toMatchObject({ status: 'submitted', version: 2, total: 15 });
    expect(order.events.at(-1)).toMatchObject({
      fromStatus: 'submitted',
      toStatus: 'submitted',
      actor: { name: 'Dan District' },
      comment: 'Cups 12oz removed; Oat Milk 4 → 6 — Cups come from the other vendor',
    });
    expect(await auditActions(db)).toEqual(['order.edit_lines']);
  });

  test('an edit that changes nothing writes nothing', async () => {
    const id = await newOrder();
    const res = await edit(id, { expectedVersion: 1, lines: [{ productId: fx.products.milk, quantity: 4 }] });
    expect(res.status).toBe(200);
    expect(await statusOf(id)).toEqual({ status: 'submitted', version: 1 });
    expect(await auditActions(db)).toEqual([]);
  });

  test('refusals: a product not on the order, removing every line, an old version, a non-submitted order', async () => {
    const id = await newOrder();
    const notOnIt = await edit(id, {
      expectedVersion: 1,
      lines: [{ productId: fx.products.beans, quantity: 1 }],
    });
    expect(notOnIt.status).toBe(400);
    expect(notOnIt.json).toMatchObject({
      message: `Product ${fx.products.beans} is not on this order; only quantities of its lines can be changed.`,
    });
    const empty = await edit(id, {
      expectedVersion: 1,
      lines: [
        { productId: fx.products.milk, quantity: 0 },
        { productId: fx.products.cups, quantity: 0 },
      ],
    });
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({
      message: 'An order needs at least one line. Cancel the order instead.',
    });
    // One product twice: which quantity was meant cannot be told, and the last would drop the other silently.
    const twice = await edit(id, {
      expectedVersion: 1,
      lines: [
        { productId: fx.products.milk, quantity: 5 },
        { productId: fx.products.milk, quantity: 1 },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.json).toMatchObject({
      message: `Each product may appear once per request; repeated: ${fx.products.milk}`,
    });
    const stale = await edit(id, {
      expectedVersion: 7,
      lines: [{ productId: fx.products.milk, quantity: 1 }],
    });
    expect(stale.status).toBe(409);
    // Nothing after the submission explains version 7: the plain sentence.
    expect(stale.json).toMatchObject({
      message: 'This order changed after you opened it (now submitted). Reload to see the latest.',
    });

    await act(id, 'approve', { expectedVersion: 1 });
    const approved = await edit(id, {
      expectedVersion: 2,
      lines: [{ productId: fx.products.milk, quantity: 1 }],
    });
    expect(approved.status).toBe(409);
    expect(approved.json).toMatchObject({
      message: 'Only submitted orders can be edited; this order is approved.',
    });
    expect(await auditActions(db)).toEqual(['order.approve']);
  });

  test('a café manager cannot edit quantities', async () => {
    const id = await newOrder();
    const res = await edit(
      id,
      { expectedVersion: 1, lines: [{ productId: fx.products.milk, quantity: 1 }] },
      manager,
    );
    expect(res.status).toBe(403);
  });

  test('an edit racing an approval: one wins, the other is told the order changed', async () => {
    const id = await newOrder();
    const results = await Promise.all([
      edit(id, { expectedVersion: 1, lines: [{ productId: fx.products.milk, quantity: 9 }] }),
      act(id, 'approve', { expectedVersion: 1 }, admin),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await statusOf(id)).version).toBe(2);
  });
});
