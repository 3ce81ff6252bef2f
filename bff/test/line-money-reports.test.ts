import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sumMoney } from '@engine/cart-totals.ts';
import { onHandValue } from '@engine/inventory-management.ts';
import { inventoryManagementResponseSchema } from '@engine/inventory-management-schemas.ts';
import { ORDER_CSV_HEADER } from '@engine/order-csv.ts';
import { orderDetailSchema, orderListResponseSchema } from '@engine/order-schemas.ts';
import { call } from './http.ts';
import { openTestWorld, type TestWorld } from './test-world.ts';

/**
 * A line's money is its quantity × unit cost rounded to cents, and every figure adds rounded lines: an order's
 * total, the orders CSV and the order-spend report agree, and so do Inventory Management's on-hand values and
 * the inventory-value report. The amounts below are ones where rounding the sum instead, or rounding a binary
 * float product, gives another figure.
 */
let world: TestWorld<'admin'>;
let own: number;
let orderId: number;
let orderNumber: string;

const FEBRUARY = () => `from=2026-02-01&to=2026-02-28&locations=${own}`;

async function insertId(sql: string, params: (string | number | null)[]): Promise<number> {
  const [row] = await world.db.query<{ id: number }>(sql, params);
  if (!row) throw new Error(`Nothing returned: ${sql}`);
  return row.id;
}

const product = (name: string, category: string, unitCost: string) =>
  insertId('INSERT INTO products (name, cafe_order_category, unit_cost) VALUES ($1, $2, $3) RETURNING id', [
    name,
    category,
    unitCost,
  ]);

beforeAll(async () => {
  world = await openTestWorld(['admin']);
  const { db, fx } = world;
  own = fx.locations.own.id;
  // The fixture's products are retired, and so are the ordered ones below: the screen lists the counted ones.
  await db.query('UPDATE products SET retired_at = now()');

  // One order: five lines of 1.5 at $0.01 (0.015 each, so 0.02) and one of 3 at $0.10.
  orderNumber = 'CENTS-1';
  orderId = await insertId(
    `INSERT INTO orders (number, location_id, status, created_by, created_at)
     VALUES ($1, $2, 'submitted', $3, '2026-02-10T15:00:00Z') RETURNING id`,
    [orderNumber, own, fx.users.admin.id],
  );
  for (let i = 1; i <= 5; i += 1) {
    const id = await product(`Stir Stick ${i}`, 'Supplies', '0.01');
    await db.query(
      'INSERT INTO order_lines (order_id, product_id, quantity, unit_cost) VALUES ($1, $2, 1.5, 0.01)',
      [orderId, id],
    );
  }
  const napkins = await product('Napkins', 'Supplies', '0.10');
  await db.query(
    'INSERT INTO order_lines (order_id, product_id, quantity, unit_cost) VALUES ($1, $2, 3, 0.10)',
    [orderId, napkins],
  );
  await db.query('UPDATE products SET retired_at = now() WHERE retired_at IS NULL');

  // One completed count: a quarter of four products costing 0.58, 1.14, 2.26 and 2.30.
  const session = await insertId(
    `INSERT INTO count_sessions (location_id, status, started_at, started_by, closed_at)
     VALUES ($1, 'closed', '2026-02-12T14:00:00Z', $2, '2026-02-12T15:00:00Z') RETURNING id`,
    [own, fx.users.admin.id],
  );
  for (const [name, cost] of [
    ['Cardamom', '0.58'],
    ['Cinnamon', '1.14'],
    ['Cocoa', '2.26'],
    ['Nutmeg', '2.30'],
  ] as const) {
    const id = await product(name, 'Spices', cost);
    await db.query(
      'INSERT INTO count_items (session_id, product_id, count, confirmed, updated_by) VALUES ($1, $2, 0.25, true, $3)',
      [session, id, fx.users.admin.id],
    );
  }
  await db.query(
    `INSERT INTO count_completions (location_id, session_id, completed_at, completed_by, items_counted, is_active)
     VALUES ($1, $2, '2026-02-12T15:00:00Z', $3, 4, false)`,
    [own, session, fx.users.admin.id],
  );
}, 60_000);
afterAll(() => world.db.close());

const get = (path: string) => call(world.app, 'GET', path, { cookie: world.cookies.admin });

describe('order spend adds lines rounded to cents, as the order does', () => {
  test('the order, the orders list and the CSV say 0.40', async () => {
    const detail = await get(`/api/orders/${orderId}`);
    expect(detail.status).toBe(200);
    const order = orderDetailSchema.parse(detail.json);
    expect(order.total).toBe(0.4);
    expect(order.lines.map((line) => line.lineTotal).sort()).toEqual([0.02, 0.02, 0.02, 0.02, 0.02, 0.3]);

    const listed = await get(`/api/orders?locationId=${own}`);
    expect(listed.status).toBe(200);
    const list = orderListResponseSchema.parse(listed.json);
    expect(list.orders.find((o) => o.id === orderId)?.total).toBe(0.4);

    const csv = await get(`/api/orders/export.csv?locationId=${own}`);
    expect(csv.status).toBe(200);
    const totalColumn = ORDER_CSV_HEADER.indexOf('Line total');
    const lineTotals = csv.text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((row) => row.startsWith(`${orderNumber},`))
      .map((row) => Number(row.split(',')[totalColumn]));
    expect(lineTotals).toHaveLength(6);
    expect(sumMoney(lineTotals)).toBe(0.4);
  });

  test('GET /api/reports/order-spend says 0.40 too', async () => {
    const res = await get(`/api/reports/order-spend?${FEBRUARY()}`);
    expect(res.status).toBe(200);
    const rows = (res.json as { rows: { category: string; orders: number; spend: number }[] }).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ category: 'Supplies', orders: 1, spend: 0.4 });
  });
});

describe('inventory value adds products rounded to cents, as Inventory Management shows them', () => {
  test('the screen shows 0.15, 0.29, 0.57 and 0.58: 1.59', async () => {
    const res = await get(`/api/inventory-management?locationId=${own}`);
    expect(res.status).toBe(200);
    const items = inventoryManagementResponseSchema.parse(res.json).items;
    const values = items.map((item) => onHandValue(item.lastCount?.value ?? null, item.unitCost) ?? 0);
    expect(values).toEqual([0.15, 0.29, 0.57, 0.58]);
    expect(sumMoney(values)).toBe(1.59);
  });

  test('GET /api/reports/inventory-value says 1.59 too', async () => {
    const res = await get(`/api/reports/inventory-value?${FEBRUARY()}`);
    expect(res.status).toBe(200);
    const rows = (res.json as { rows: { category: string; productsCounted: number; value: number }[] }).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ category: 'Spices', productsCounted: 4, value: 1.59 });
  });
});
