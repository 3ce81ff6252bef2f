import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { type OrderDetail, orderDetailSchema, orderListResponseSchema } from '@engine/order-schemas.ts';
import { buildFixture, type Fixture, sessionCookieFor } from './fixtures.ts';
import { call, testApp } from './http.ts';
import { auditActions, insertOrder, southDistrictManager } from './ordering-fixtures.ts';

// A placed order arrives vendor by vendor (decision 092): each delivery is received on its own.
let db: Db;
let fx: Fixture;
let app: ReturnType<typeof testApp>;
const cookies: Record<'staff' | 'manager' | 'district' | 'admin' | 'south', string> = {
  staff: '',
  manager: '',
  district: '',
  admin: '',
  south: '',
};

beforeAll(async () => {
  db = await openTestDb();
  fx = await buildFixture(db);
  app = testApp(db);
  cookies.staff = await sessionCookieFor(db, fx.users.staff.id);
  cookies.manager = await sessionCookieFor(db, fx.users.cafeManager.id);
  cookies.district = await sessionCookieFor(db, fx.users.districtManager.id);
  cookies.admin = await sessionCookieFor(db, fx.users.admin.id);
  cookies.south = await sessionCookieFor(db, (await southDistrictManager(db, fx)).id);
  await db.query(`UPDATE products SET vendor = 'Valley Fresh Dairy' WHERE id = $1`, [fx.products.milk]);
  await db.query(`UPDATE products SET vendor = 'Ridge Roasters' WHERE id = $1`, [fx.products.beans]);
  await db.query('UPDATE products SET vendor = NULL WHERE id = $1', [fx.products.cups]);
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.query('DELETE FROM orders');
  await db.query('DELETE FROM audit_log');
});

/** An order of milk (the dairy), beans (the roaster) and cups (no vendor), taken to placed through the API. */
async function placedOrder(): Promise<number> {
  const id = await insertOrder(db, {
    locationId: fx.locations.own.id,
    createdBy: fx.users.cafeManager.id,
    lines: [
      { productId: fx.products.milk, quantity: 4 },
      { productId: fx.products.beans, quantity: 2 },
      { productId: fx.products.cups, quantity: 10 },
    ],
  });
  for (const [action, version] of [
    ['approve', 1],
    ['place', 2],
  ] as const) {
    const res = await call(app, 'POST', `/api/orders/${id}/${action}`, {
      cookie: cookies.district,
      body: { expectedVersion: version },
    });
    expect(res.status).toBe(200);
  }
  await db.query('DELETE FROM audit_log');
  return id;
}

const deliver = (orderId: number, body: unknown, cookie = cookies.district) =>
  call(app, 'POST', `/api/orders/${orderId}/deliveries`, { cookie, body });

async function detail(orderId: number): Promise<OrderDetail> {
  const res = await call(app, 'GET', `/api/orders/${orderId}`, { cookie: cookies.manager });
  expect(res.status).toBe(200);
  return orderDetailSchema.parse(res.json);
}

const receivedProducts = (order: OrderDetail) =>
  order.lines.filter((line) => line.receivedAt !== null).map((line) => line.productName);

describe('receiving a placed order delivery by delivery', () => {
  test("one vendor's lines: the order stays placed, those lines carry the receipt, the history says whose", async () => {
    const id = await placedOrder();
    const res = await deliver(id, { lines: [{ productId: fx.products.milk }] });
    expect(res.status).toBe(200);
    const order = orderDetailSchema.parse(res.json);
    expect(order).toMatchObject({ status: 'placed', version: 4, lineCount: 3, receivedLineCount: 1 });
    expect(receivedProducts(order)).toEqual(['Oat Milk']);
    const event = order.events.at(-1);
    expect(event).toMatchObject({
      fromStatus: 'placed',
      toStatus: 'placed',
      actor: { name: 'Dan District' },
      comment: 'Received 1 line from Valley Fresh Dairy',
    });
    expect(order.lines.find((line) => line.productName === 'Oat Milk')?.receivedAt).toBe(event?.at ?? '');
    expect(await auditActions(db)).toEqual(['order.receive_lines']);

    // The list says how much of the order is in.
    const list = orderListResponseSchema.parse(
      (await call(app, 'GET', '/api/orders?status=placed', { cookie: cookies.district })).json,
    );
    expect(list.orders.find((o) => o.id === id)).toMatchObject({ lineCount: 3, receivedLineCount: 1 });
  });

  test('the last delivery receives the order, with one event that says what came and the comment', async () => {
    const id = await placedOrder();
    await deliver(id, { lines: [{ productId: fx.products.milk }] });
    const res = await deliver(id, {
      lines: [{ productId: fx.products.beans }, { productId: fx.products.cups }],
      comment: 'One box torn',
    });
    expect(res.status).toBe(200);
    const order = orderDetailSchema.parse(res.json);
    expect(order).toMatchObject({ status: 'received', version: 5, receivedLineCount: 3 });
    expect(order.events.slice(-2).map((e) => [e.fromStatus, e.toStatus, e.comment])).toEqual([
      ['placed', 'placed', 'Received 1 line from Valley Fresh Dairy'],
      ['placed', 'received', 'Received 2 lines: Ridge Roasters (1), no vendor set (1) — One box torn'],
    ]);
    // Each line keeps the time of its own delivery.
    const at = Object.fromEntries(order.lines.map((line) => [line.productName, line.receivedAt]));
    expect(at['Espresso Beans']).toBe(at['Cups 12oz'] ?? '');
    expect(at['Oat Milk']).toBe(order.events.at(-2)?.at ?? '');
    expect(await auditActions(db)).toEqual(['order.receive_lines', 'order.receive_lines']);
  });

  test('a short delivery records what came; the history names the lines that came otherwise than ordered', async () => {
    const id = await placedOrder();
    const res = await deliver(id, {
      lines: [
        { productId: fx.products.milk, quantity: 3 },
        { productId: fx.products.beans, quantity: 0 },
        { productId: fx.products.cups, quantity: 10 },
      ],
    });
    expect(res.status).toBe(200);
    const order = orderDetailSchema.parse(res.json);
    expect(order).toMatchObject({ status: 'received', notAsOrderedLineCount: 2 });
    expect(order.lines.map((line) => [line.productName, line.quantity, line.receivedQuantity])).toEqual([
      ['Espresso Beans', 2, 0],
      ['Oat Milk', 4, 3],
      ['Cups 12oz', 10, 10],
    ]);
    expect(order.events.at(-1)?.comment).toBe(
      'Received 3 lines: Ridge Roasters (1), Valley Fresh Dairy (1), no vendor set (1); not as ordered: Espresso Beans none of 2, Oat Milk 3 of 4',
    );
    // What was ordered and its cost are unchanged: the order is what the café asked for.
    expect(order.total).toBe(40);
  });

  test('the whole-order receipt takes every waiting line as ordered', async () => {
    const id = await placedOrder();
    const first = orderDetailSchema.parse(
      (await deliver(id, { lines: [{ productId: fx.products.milk, quantity: 1 }] })).json,
    );
    const whole = await call(app, 'POST', `/api/orders/${id}/receive`, {
      cookie: cookies.district,
      body: { expectedVersion: first.version },
    });
    const order = orderDetailSchema.parse(whole.json);
    expect(order.lines.map((line) => [line.productName, line.receivedQuantity])).toEqual([
      ['Espresso Beans', 2],
      ['Oat Milk', 1],
      ['Cups 12oz', 10],
    ]);
  });

  test('a retry of a delivery received before changes nothing and answers the order as it is', async () => {
    const id = await placedOrder();
    await deliver(id, { lines: [{ productId: fx.products.milk }] });
    const again = await deliver(id, { lines: [{ productId: fx.products.milk, quantity: 1 }] });
    expect(again.status).toBe(200);
    expect(orderDetailSchema.parse(again.json)).toMatchObject({ status: 'placed', version: 4 });
    expect((await detail(id)).events).toHaveLength(4);

    // After the order is received, a late retry of any of its deliveries is still an answer, not a refusal.
    await deliver(id, { lines: [{ productId: fx.products.beans }, { productId: fx.products.cups }] });
    const late = await deliver(id, { lines: [{ productId: fx.products.beans }] });
    expect(late.status).toBe(200);
    expect(orderDetailSchema.parse(late.json)).toMatchObject({ status: 'received', version: 5 });
    expect(await auditActions(db)).toEqual(['order.receive_lines', 'order.receive_lines']);
  });

  test('receiving the whole order receives the rest; lines received earlier keep their time', async () => {
    const id = await placedOrder();
    const first = orderDetailSchema.parse(
      (await deliver(id, { lines: [{ productId: fx.products.milk }] })).json,
    );
    const milkAt = first.lines.find((line) => line.productName === 'Oat Milk')?.receivedAt;
    // Earlier, so a later receipt cannot share its time by chance.
    await db.query(
      `UPDATE order_events SET created_at = created_at - interval '1 day' WHERE order_id = $1 AND comment LIKE 'Received%'`,
      [id],
    );
    const whole = await call(app, 'POST', `/api/orders/${id}/receive`, {
      cookie: cookies.district,
      body: { expectedVersion: first.version },
    });
    expect(whole.status).toBe(200);
    const order = orderDetailSchema.parse(whole.json);
    expect(order).toMatchObject({ status: 'received', receivedLineCount: 3 });
    const receivedEvent = order.events.at(-1);
    expect(receivedEvent).toMatchObject({ fromStatus: 'placed', toStatus: 'received' });
    const at = Object.fromEntries(order.lines.map((line) => [line.productName, line.receivedAt]));
    expect(at['Oat Milk']).toBe(new Date(Date.parse(milkAt ?? '') - 86_400_000).toISOString());
    expect(at['Espresso Beans']).toBe(receivedEvent?.at ?? '');
    expect(at['Cups 12oz']).toBe(receivedEvent?.at ?? '');
  });

  test('a whole-order receipt on the version before a delivery is refused, naming the delivery', async () => {
    const id = await placedOrder();
    await deliver(id, { lines: [{ productId: fx.products.milk }] });
    const stale = await call(app, 'POST', `/api/orders/${id}/receive`, {
      cookie: cookies.admin,
      body: { expectedVersion: 3 },
    });
    expect(stale.status).toBe(409);
    expect((stale.json as { message: string }).message).toMatch(
      /^Dan District received a delivery of this order today at \d\d:\d\d, after you opened it\. Reload/,
    );
  });
});

describe('refusals change nothing', () => {
  test('an order not yet placed: 409 with the state machine’s reason', async () => {
    const id = await insertOrder(db, {
      locationId: fx.locations.own.id,
      createdBy: fx.users.cafeManager.id,
      status: 'approved',
      lines: [{ productId: fx.products.milk, quantity: 1 }],
    });
    const res = await deliver(id, { lines: [{ productId: fx.products.milk }] });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      code: 'invalid_transition',
      message: 'Only placed orders can be received; this order is approved.',
      details: { status: 'approved' },
    });
    expect((await detail(id)).lines.every((line) => line.receivedAt === null)).toBe(true);
  });

  test('a product that is not on the order: 400 naming it, and the other lines are not received either', async () => {
    const id = await placedOrder();
    const res = await deliver(id, {
      lines: [{ productId: fx.products.milk }, { productId: fx.products.syrup }],
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ message: `Product ${fx.products.syrup} is not on this order.` });
    const order = await detail(id);
    expect(order).toMatchObject({ status: 'placed', version: 3, receivedLineCount: 0 });
    expect(await auditActions(db)).toEqual([]);
  });

  test('bodies that are not a list of products: 400 with a message a person reads', async () => {
    const id = await placedOrder();
    const cases: [unknown, RegExp][] = [
      [{}, /lines/],
      [{ lines: [] }, /at least one product/],
      [{ lines: 'all' }, /lines must be a list/],
      [
        { lines: [{ productId: fx.products.milk }, { productId: fx.products.milk, quantity: 2 }] },
        /listed twice/,
      ],
      [{ lines: [{ productId: fx.products.milk, quantity: -1 }] }, /cannot be negative/],
      [{ lines: [{ productId: fx.products.milk, quantity: 'three' }] }, /must be a number/],
      [{ lines: [{ productId: fx.products.milk, quantity: 1e9 }] }, /at most 99,999/],
      [{ lines: [{ productId: fx.products.milk, quantity: 0.001 }] }, /2 decimal places/],
      [{ lines: [{ productId: '1\u0000' }] }, /productId/],
      [{ lines: [{ productId: 1e300 }] }, /productId/],
      [{ lines: [{ productId: -1 }] }, /productId/],
      [{ lines: [{ productId: 1.5 }] }, /productId/],
      [{ lines: Array.from({ length: 2001 }, (_, i) => ({ productId: i + 1 })) }, /At most 2000/],
      [{ lines: [{ productId: fx.products.milk }], comment: 'x'.repeat(1001) }, /at most 1000/],
    ];
    for (const [body, message] of cases) {
      const res = await deliver(id, body);
      expect(res.status).toBe(400);
      expect((res.json as { message: string }).message).toMatch(message);
    }
    expect(await detail(id)).toMatchObject({ version: 3, receivedLineCount: 0 });
  });

  test('who may receive: manage_orders in scope; others 403, another district 404 as if it did not exist', async () => {
    const id = await placedOrder();
    const body = { lines: [{ productId: fx.products.milk }] };
    expect((await deliver(id, body, cookies.staff)).status).toBe(403);
    expect((await deliver(id, body, cookies.manager)).status).toBe(403);
    const south = await deliver(id, body, cookies.south);
    expect(south.status).toBe(404);
    expect((await deliver(999_999, body)).status).toBe(404);
    expect((await deliver(id, body, '')).status).toBe(401);
    expect(await detail(id)).toMatchObject({ version: 3, receivedLineCount: 0 });
    expect((await deliver(id, body, cookies.admin)).status).toBe(200);
  });
});

describe('deliveries at the same moment', () => {
  test('three vendors received at once on three phones: every line once, the order received once', async () => {
    const id = await placedOrder();
    const results = await Promise.all(
      [fx.products.milk, fx.products.beans, fx.products.cups].map((productId, i) =>
        deliver(id, { lines: [{ productId }] }, i === 1 ? cookies.admin : cookies.district),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const order = await detail(id);
    expect(order).toMatchObject({ status: 'received', version: 6, receivedLineCount: 3 });
    expect(order.events.slice(3).map((e) => [e.fromStatus, e.toStatus])).toEqual([
      ['placed', 'placed'],
      ['placed', 'placed'],
      ['placed', 'received'],
    ]);
  });

  test('the same delivery sent 30 times at once (a flaky network retrying): received once', async () => {
    const id = await placedOrder();
    const results = await Promise.all(
      Array.from({ length: 30 }, () => deliver(id, { lines: [{ productId: fx.products.milk }] })),
    );
    expect(new Set(results.map((r) => r.status))).toEqual(new Set([200]));
    const order = await detail(id);
    expect(order).toMatchObject({ status: 'placed', version: 4, receivedLineCount: 1 });
    expect(await auditActions(db)).toEqual(['order.receive_lines']);
  });

  test('a delivery and a whole-order receipt at once: no line received twice, the order received once', async () => {
    const id = await placedOrder();
    const results = await Promise.all([
      deliver(id, { lines: [{ productId: fx.products.milk }] }),
      call(app, 'POST', `/api/orders/${id}/receive`, { cookie: cookies.admin, body: { expectedVersion: 3 } }),
    ]);
    for (const res of results) expect([200, 409]).toContain(res.status);
    const order = await detail(id);
    expect(order).toMatchObject({ receivedLineCount: order.status === 'received' ? 3 : 1 });
    expect(order.events.filter((e) => e.toStatus === 'received')).toHaveLength(
      order.status === 'received' ? 1 : 0,
    );
    const [links] = await db.query<{ lines: number; events: number }>(
      `SELECT count(*)::int AS lines, count(DISTINCT e.id)::int AS events
         FROM order_lines ol JOIN order_events e ON e.id = ol.receipt_event_id
        WHERE ol.order_id = $1 AND e.order_id = $1 AND e.from_status = 'placed'`,
      [id],
    );
    expect(links?.lines).toBe(order.receivedLineCount);
  });
});

describe('correcting what came in a delivery (decision 093)', () => {
  const correct = (orderId: number, body: unknown, cookie = cookies.district) =>
    call(app, 'PATCH', `/api/orders/${orderId}/deliveries`, { cookie, body });
  const came = (order: OrderDetail) =>
    Object.fromEntries(order.lines.map((line) => [line.productName, line.receivedQuantity]));

  /** Milk received one short, the rest still to come. */
  async function shortMilk(): Promise<number> {
    const id = await placedOrder();
    expect((await deliver(id, { lines: [{ productId: fx.products.milk, quantity: 3 }] })).status).toBe(200);
    await db.query('DELETE FROM audit_log');
    return id;
  }

  test('a received line takes what really came; it keeps its delivery and time, the order its status', async () => {
    const id = await shortMilk();
    const before = await detail(id);
    const res = await correct(id, {
      lines: [{ productId: fx.products.milk, quantity: 4 }],
      comment: 'The fourth was in the walk-in',
    });
    expect(res.status).toBe(200);
    const order = orderDetailSchema.parse(res.json);
    expect(before.notAsOrderedLineCount).toBe(1);
    expect(order).toMatchObject({
      status: 'placed',
      version: 5,
      receivedLineCount: 1,
      notAsOrderedLineCount: 0,
    });
    expect(came(order)).toEqual({ 'Espresso Beans': null, 'Oat Milk': 4, 'Cups 12oz': null });
    const milk = (o: OrderDetail) => o.lines.find((line) => line.productName === 'Oat Milk')?.receivedAt;
    expect(milk(order)).toBe(milk(before) ?? '');
    expect(order.events.at(-1)).toMatchObject({
      fromStatus: 'placed',
      toStatus: 'placed',
      kind: 'receipt_correction',
      actor: { name: 'Dan District' },
      comment: 'Corrected what came: Oat Milk 4 of 4 (recorded as 3) — The fourth was in the walk-in',
    });
    expect(order.events.slice(0, -1).every((event) => event.kind === 'step')).toBe(true);
    const [audit] = await db.query<{ action: string; before: unknown; after: unknown }>(
      'SELECT action, before, after FROM audit_log',
    );
    expect(audit).toMatchObject({
      action: 'order.correct_receipt',
      before: { received: [{ productId: fx.products.milk, quantity: 3 }] },
      after: { received: [{ productId: fx.products.milk, quantity: 4 }] },
    });

    // The rest still arrives as before, and a received order can still be corrected.
    await deliver(id, { lines: [{ productId: fx.products.beans }, { productId: fx.products.cups }] });
    const late = orderDetailSchema.parse(
      (await correct(id, { lines: [{ productId: fx.products.cups, quantity: 0 }] })).json,
    );
    expect(late).toMatchObject({ status: 'received', version: 7, notAsOrderedLineCount: 1 });
    // The lists count it too: what a vendor's credit is about.
    const list = orderListResponseSchema.parse(
      (await call(app, 'GET', '/api/orders?status=received', { cookie: cookies.district })).json,
    );
    expect(list.orders.find((o) => o.id === id)).toMatchObject({ notAsOrderedLineCount: 1 });
    expect(came(late)).toEqual({ 'Espresso Beans': 2, 'Oat Milk': 4, 'Cups 12oz': 0 });
    expect(late.events.at(-1)).toMatchObject({
      fromStatus: 'received',
      toStatus: 'received',
      kind: 'receipt_correction',
      comment: 'Corrected what came: Cups 12oz none of 10 (recorded as 10)',
    });
  });

  test('the list and the export find the orders whose deliveries were not as ordered', async () => {
    const short = await shortMilk();
    const whole = await placedOrder();
    await deliver(whole, { lines: [{ productId: fx.products.milk }] });
    const listed = async (query: string) => {
      const res = await call(app, 'GET', `/api/orders?${query}`, { cookie: cookies.district });
      expect(res.status).toBe(200);
      return orderListResponseSchema.parse(res.json).orders.map((order) => order.id);
    };
    expect(await listed('notAsOrdered=true')).toEqual([short]);
    expect((await listed('notAsOrdered=false')).toSorted()).toEqual([short, whole].toSorted());
    expect((await listed('notAsOrdered=')).toSorted()).toEqual([short, whole].toSorted());
    const csv = await call(app, 'GET', '/api/orders/export.csv?notAsOrdered=true', {
      cookie: cookies.district,
    });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain((await detail(short)).number);
    expect(csv.text).not.toContain((await detail(whole)).number);
    const bad = await call(app, 'GET', '/api/orders?notAsOrdered=yes', { cookie: cookies.district });
    expect(bad.status).toBe(400);
    expect((bad.json as { message: string }).message).toBe("notAsOrdered must be 'true' or 'false'");

    // Made whole by a correction, the order no longer needs a credit.
    await correct(short, { lines: [{ productId: fx.products.milk, quantity: 4 }] });
    expect(await listed('notAsOrdered=true')).toEqual([]);
  });

  test('a retry, or quantities as recorded, change nothing: no step, no version, no audit row', async () => {
    const id = await shortMilk();
    const body = { lines: [{ productId: fx.products.milk, quantity: 4 }] };
    expect((await correct(id, body)).status).toBe(200);
    const again = await correct(id, body);
    expect(again.status).toBe(200);
    expect(orderDetailSchema.parse(again.json)).toMatchObject({ version: 5 });
    expect((await detail(id)).events).toHaveLength(5);
    expect(await auditActions(db)).toEqual(['order.correct_receipt']);

    // The same correction sent 30 times at once: one step.
    const id2 = await shortMilk();
    const burst = await Promise.all(Array.from({ length: 30 }, () => correct(id2, body)));
    expect(new Set(burst.map((r) => r.status))).toEqual(new Set([200]));
    const order = await detail(id2);
    expect(order.events.filter((event) => event.kind === 'receipt_correction')).toHaveLength(1);
    expect(order.version).toBe(5);
  });

  test('a stale whole-order receipt after a correction is refused, naming the correction', async () => {
    const id = await shortMilk();
    await correct(id, { lines: [{ productId: fx.products.milk, quantity: 4 }] });
    const stale = await call(app, 'POST', `/api/orders/${id}/receive`, {
      cookie: cookies.admin,
      body: { expectedVersion: 4 },
    });
    expect(stale.status).toBe(409);
    expect((stale.json as { message: string }).message).toMatch(
      /^Dan District corrected what came in a delivery of this order today at \d\d:\d\d, after you opened it\./,
    );
  });

  test('lines not received, strangers and bad bodies: 400 with a message, and nothing changes', async () => {
    const id = await shortMilk();
    const cases: [unknown, RegExp][] = [
      [
        { lines: [{ productId: fx.products.beans, quantity: 1 }] },
        /^Espresso Beans has not been received yet: receive it with what came instead\.$/,
      ],
      [
        {
          lines: [
            { productId: fx.products.milk, quantity: 4 },
            { productId: fx.products.cups, quantity: 1 },
          ],
        },
        /Cups 12oz has not been received yet/,
      ],
      [{ lines: [{ productId: fx.products.syrup, quantity: 1 }] }, /is not on this order/],
      [{}, /lines/],
      [{ lines: [] }, /at least one product/],
      [{ lines: [{ productId: fx.products.milk }] }, /quantity must be a number/],
      [
        {
          lines: [
            { productId: fx.products.milk, quantity: 4 },
            { productId: fx.products.milk, quantity: 2 },
          ],
        },
        /listed twice/,
      ],
      [{ lines: [{ productId: fx.products.milk, quantity: -1 }] }, /cannot be negative/],
      [{ lines: [{ productId: fx.products.milk, quantity: 1e300 }] }, /at most 99,999/],
      [{ lines: [{ productId: fx.products.milk, quantity: 0.001 }] }, /2 decimal places/],
      [{ lines: [{ productId: '1\u0000', quantity: 1 }] }, /productId/],
      [{ lines: [{ productId: 2 ** 53, quantity: 1 }] }, /productId/],
      [
        { lines: Array.from({ length: 2001 }, (_, i) => ({ productId: i + 1, quantity: 1 })) },
        /At most 2000/,
      ],
      [{ lines: [{ productId: fx.products.milk, quantity: 4 }], comment: 'x\u0000' }, /comment/],
      [{ lines: [{ productId: fx.products.milk, quantity: 4 }], comment: 'x'.repeat(1001) }, /at most 1000/],
    ];
    for (const [body, message] of cases) {
      const res = await correct(id, body);
      expect(res.status).toBe(400);
      expect((res.json as { message: string }).message).toMatch(message);
    }
    expect(came(await detail(id))).toEqual({ 'Espresso Beans': null, 'Oat Milk': 3, 'Cups 12oz': null });
    expect(await auditActions(db)).toEqual([]);
  });

  test('who may correct: who may receive, in scope; others 403, another district 404', async () => {
    const id = await shortMilk();
    const body = { lines: [{ productId: fx.products.milk, quantity: 4 }] };
    expect((await correct(id, body, cookies.staff)).status).toBe(403);
    expect((await correct(id, body, cookies.manager)).status).toBe(403);
    expect((await correct(id, body, cookies.south)).status).toBe(404);
    expect((await correct(999_999, body)).status).toBe(404);
    expect((await correct(id, body, '')).status).toBe(401);
    expect(came(await detail(id))['Oat Milk']).toBe(3);
    expect((await correct(id, body, cookies.admin)).status).toBe(200);
  });
});

describe('undoing a delivery received by mistake (decision 097)', () => {
  const undo = (orderId: number, body: unknown, cookie = cookies.district) =>
    call(app, 'POST', `/api/orders/${orderId}/deliveries/undo`, { cookie, body });
  const receiptOf = (order: OrderDetail, productName: string) =>
    order.lines.find((line) => line.productName === productName)?.receiptId ?? 0;

  test("the dairy's lines are to come again; the delivery's event stays and one more says it was undone", async () => {
    const id = await placedOrder();
    const received = orderDetailSchema.parse(
      (await deliver(id, { lines: [{ productId: fx.products.milk, quantity: 3 }] })).json,
    );
    const receiptId = receiptOf(received, 'Oat Milk');
    expect(receiptId).toBe(received.events.at(-1)?.id ?? -1);
    await db.query('DELETE FROM audit_log');

    const res = await undo(id, { receiptId, comment: 'Wrong vendor tapped' });
    expect(res.status).toBe(200);
    const order = orderDetailSchema.parse(res.json);
    expect(order).toMatchObject({
      status: 'placed',
      version: 5,
      receivedLineCount: 0,
      notAsOrderedLineCount: 0,
    });
    expect(order.lines.every((line) => line.receivedAt === null && line.receiptId === null)).toBe(true);
    expect(order.lines.every((line) => line.receivedQuantity === null)).toBe(true);
    expect(order.events.slice(-2).map((e) => [e.fromStatus, e.toStatus, e.kind, e.comment])).toEqual([
      [
        'placed',
        'placed',
        'step',
        'Received 1 line from Valley Fresh Dairy; not as ordered: Oat Milk 3 of 4',
      ],
      [
        'placed',
        'placed',
        'receipt_undone',
        'Undid the delivery of 1 line from Valley Fresh Dairy; it is to come again — Wrong vendor tapped',
      ],
    ]);
    const [audit] = await db.query<{ action: string; before: unknown; after: unknown }>(
      'SELECT action, before, after FROM audit_log',
    );
    expect(audit).toMatchObject({
      action: 'order.undo_receipt',
      before: { status: 'placed', receiptId, received: [{ productId: fx.products.milk, quantity: 3 }] },
      after: { status: 'placed', version: 5, comment: 'Wrong vendor tapped' },
    });

    // When the truck really comes, the dairy is received again, with its own time.
    const real = orderDetailSchema.parse(
      (await deliver(id, { lines: [{ productId: fx.products.milk }] })).json,
    );
    expect(real.lines.find((line) => line.productName === 'Oat Milk')).toMatchObject({ receivedQuantity: 4 });
    expect(receiptOf(real, 'Oat Milk')).toBe(real.events.at(-1)?.id ?? -1);
  });

  test('the delivery that completed the order: it is placed again, other deliveries keep their lines', async () => {
    const id = await placedOrder();
    await deliver(id, { lines: [{ productId: fx.products.milk }] });
    const done = orderDetailSchema.parse(
      (await deliver(id, { lines: [{ productId: fx.products.beans }, { productId: fx.products.cups }] }))
        .json,
    );
    expect(done.status).toBe('received');
    const res = await undo(id, { receiptId: receiptOf(done, 'Cups 12oz') });
    expect(res.status).toBe(200);
    const order = orderDetailSchema.parse(res.json);
    expect(order).toMatchObject({ status: 'placed', receivedLineCount: 1 });
    expect(receivedProducts(order)).toEqual(['Oat Milk']);
    expect(order.events.at(-1)).toMatchObject({
      fromStatus: 'received',
      toStatus: 'placed',
      kind: 'receipt_undone',
      comment: 'Undid the delivery of 2 lines: Ridge Roasters (1), no vendor set (1); they are to come again',
    });
    // A stale whole-order action is told of the undo.
    const stale = await call(app, 'POST', `/api/orders/${id}/receive`, {
      cookie: cookies.admin,
      body: { expectedVersion: done.version },
    });
    expect(stale.status).toBe(409);
    expect((stale.json as { message: string }).message).toMatch(
      /^Dan District undid a delivery of this order today at \d\d:\d\d, after you opened it\./,
    );
    // The whole-order Receive takes the lines again.
    const whole = await call(app, 'POST', `/api/orders/${id}/receive`, {
      cookie: cookies.district,
      body: { expectedVersion: order.version },
    });
    expect(orderDetailSchema.parse(whole.json)).toMatchObject({ status: 'received', receivedLineCount: 3 });
  });

  test('a corrected delivery undone drops its correction; the whole-order receipt can be undone too', async () => {
    const id = await placedOrder();
    const whole = orderDetailSchema.parse(
      (
        await call(app, 'POST', `/api/orders/${id}/receive`, {
          cookie: cookies.district,
          body: { expectedVersion: 3 },
        })
      ).json,
    );
    await call(app, 'PATCH', `/api/orders/${id}/deliveries`, {
      cookie: cookies.district,
      body: { lines: [{ productId: fx.products.milk, quantity: 1 }] },
    });
    const order = orderDetailSchema.parse((await undo(id, { receiptId: receiptOf(whole, 'Oat Milk') })).json);
    expect(order).toMatchObject({ status: 'placed', receivedLineCount: 0, notAsOrderedLineCount: 0 });
    expect(order.events.at(-1)?.comment).toBe(
      'Undid the delivery of 3 lines: Ridge Roasters (1), Valley Fresh Dairy (1), no vendor set (1); they are to come again',
    );
  });

  test('a retry, 30 at once, or one landing after the real delivery: one undo, the real delivery kept', async () => {
    const id = await placedOrder();
    const mistaken = orderDetailSchema.parse(
      (await deliver(id, { lines: [{ productId: fx.products.milk }] })).json,
    );
    const body = { receiptId: receiptOf(mistaken, 'Oat Milk') };
    const burst = await Promise.all(Array.from({ length: 30 }, () => undo(id, body)));
    expect(new Set(burst.map((r) => r.status))).toEqual(new Set([200]));
    const after = await detail(id);
    expect(after.events.filter((event) => event.kind === 'receipt_undone')).toHaveLength(1);
    expect(after.version).toBe(5);
    await deliver(id, { lines: [{ productId: fx.products.milk }] });
    await db.query('DELETE FROM audit_log');

    const late = await undo(id, body);
    expect(late.status).toBe(200);
    expect(receivedProducts(orderDetailSchema.parse(late.json))).toEqual(['Oat Milk']);
    expect(await auditActions(db)).toEqual([]);
  });

  test("an undo and another vendor's delivery at the same moment take turns: each line once, in or to come", async () => {
    const id = await placedOrder();
    const mistaken = orderDetailSchema.parse(
      (await deliver(id, { lines: [{ productId: fx.products.milk }] })).json,
    );
    const [undone, delivered] = await Promise.all([
      undo(id, { receiptId: receiptOf(mistaken, 'Oat Milk') }),
      deliver(id, { lines: [{ productId: fx.products.beans }, { productId: fx.products.cups }] }),
    ]);
    expect([undone.status, delivered.status]).toEqual([200, 200]);
    const order = await detail(id);
    expect(order).toMatchObject({ status: 'placed', receivedLineCount: 2, version: 6 });
    expect(receivedProducts(order).toSorted()).toEqual(['Cups 12oz', 'Espresso Beans']);
    expect(order.events.filter((event) => event.kind === 'receipt_undone')).toHaveLength(1);
  });

  test('an undo racing the real delivery of the same lines: the line ends to come or newly received, never both', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await placedOrder();
      const mistaken = orderDetailSchema.parse(
        (await deliver(id, { lines: [{ productId: fx.products.milk }] })).json,
      );
      const receiptId = receiptOf(mistaken, 'Oat Milk');
      await Promise.all([undo(id, { receiptId }), deliver(id, { lines: [{ productId: fx.products.milk }] })]);
      const order = await detail(id);
      const milk = order.lines.find((line) => line.productName === 'Oat Milk');
      const deliveries = order.events.filter(
        (event) => event.kind === 'step' && event.fromStatus === 'placed',
      );
      if (milk?.receiptId === null) {
        // The delivery came first, as a retry of the one already in; then the undo.
        expect(deliveries).toHaveLength(1);
      } else {
        // The undo came first; the delivery then received the line anew, with a step of its own.
        expect(milk?.receiptId).toBe(deliveries.at(-1)?.id ?? -1);
        expect(milk?.receiptId).not.toBe(receiptId);
        expect(deliveries).toHaveLength(2);
      }
      expect(order.events.filter((event) => event.kind === 'receipt_undone')).toHaveLength(1);
    }
  });

  test('a step that is not a delivery of this order, and bad bodies: 400 with a message, nothing changes', async () => {
    const id = await placedOrder();
    const other = await placedOrder();
    const received = orderDetailSchema.parse(
      (await deliver(id, { lines: [{ productId: fx.products.milk }] })).json,
    );
    const otherReceived = orderDetailSchema.parse(
      (await deliver(other, { lines: [{ productId: fx.products.milk }] })).json,
    );
    await call(app, 'PATCH', `/api/orders/${id}/deliveries`, {
      cookie: cookies.district,
      body: { lines: [{ productId: fx.products.milk, quantity: 2 }] },
    });
    const correction = (await detail(id)).events.at(-1)?.id ?? 0;
    await db.query('DELETE FROM audit_log');
    const cases: [unknown, RegExp][] = [
      [{ receiptId: received.events[0]?.id }, /^Step \d+ is not a delivery of this order\.$/],
      [{ receiptId: correction }, /is not a delivery of this order/],
      [{ receiptId: receiptOf(otherReceived, 'Oat Milk') }, /is not a delivery of this order/],
      [{ receiptId: 999_999_999 }, /is not a delivery of this order/],
      [{}, /^receiptId is required$/],
      [{ receiptId: receiptOf(received, 'Oat Milk'), comment: 'x', extra: 1 }, /^Unknown field: extra$/],
      [{ receiptId: '1\u0000' }, /receiptId/],
      [{ receiptId: 2 ** 53 }, /receiptId/],
      [{ receiptId: -1 }, /receiptId/],
      [{ receiptId: receiptOf(received, 'Oat Milk'), comment: 'x\u0000' }, /comment/],
      [{ receiptId: receiptOf(received, 'Oat Milk'), comment: 'x'.repeat(1001) }, /at most 1000/],
    ];
    for (const [body, message] of cases) {
      const res = await undo(id, body);
      expect(res.status).toBe(400);
      expect((res.json as { message: string }).message).toMatch(message);
    }
    expect(receivedProducts(await detail(id))).toEqual(['Oat Milk']);
    expect(receivedProducts(await detail(other))).toEqual(['Oat Milk']);
    expect(await auditActions(db)).toEqual([]);
  });

  test('who may undo: who may receive, in scope; others 403, another district 404', async () => {
    const id = await placedOrder();
    const received = orderDetailSchema.parse(
      (await deliver(id, { lines: [{ productId: fx.products.milk }] })).json,
    );
    const body = { receiptId: receiptOf(received, 'Oat Milk') };
    expect((await undo(id, body, cookies.staff)).status).toBe(403);
    expect((await undo(id, body, cookies.manager)).status).toBe(403);
    expect((await undo(id, body, cookies.south)).status).toBe(404);
    expect((await undo(999_999, body)).status).toBe(404);
    expect((await undo(id, body, '')).status).toBe(401);
    expect(receivedProducts(await detail(id))).toEqual(['Oat Milk']);
    expect((await undo(id, body, cookies.admin)).status).toBe(200);
  });
});
