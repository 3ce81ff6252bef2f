import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { verifyPassword } from '@db/password.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { formatOrderNumber } from '@engine/order-number.ts';
import {
  DatabaseNotEmptyError,
  DEMO_CAFES_OPENED_DAYS_AGO,
  DEMO_PASSWORD,
  isDatabaseEmpty,
  type SeedSummary,
  seedDemo,
} from './demo.ts';
import { localDate } from './zoned-time.ts';

// A fixed clock two days after the US switch to daylight time, so history crosses a DST change.
const NOW = new Date('2026-03-10T16:00:00Z');
const DAY = 86_400_000;

let db: Db;
let summary: SeedSummary;
let wasEmpty: boolean;

beforeAll(async () => {
  db = await openTestDb();
  wasEmpty = await isDatabaseEmpty(db);
  summary = await seedDemo(db, { now: NOW });
});
afterAll(() => db.close());

const one = async <T>(sql: string, params: unknown[] = []) => {
  const [row] = await db.query<T>(sql, params as never[]);
  if (!row) throw new Error(`No row for ${sql}`);
  return row;
};

describe('seedDemo', () => {
  test('builds a chain of two districts, six cafés and about 180 products with a dozen daily items', async () => {
    const counts = await one<Record<string, number>>(`SELECT
      (SELECT count(*) FROM districts)::int AS districts,
      (SELECT count(*) FROM locations)::int AS locations,
      (SELECT count(*) FROM products)::int AS products,
      (SELECT count(*) FROM products WHERE is_daily_count)::int AS daily`);
    expect(counts.districts).toBe(2);
    expect(counts.locations).toBe(6);
    expect(counts.products).toBeGreaterThanOrEqual(170);
    expect(counts.products).toBeLessThanOrEqual(190);
    expect(counts.daily).toBeGreaterThanOrEqual(10);
    expect(counts.daily).toBeLessThanOrEqual(14);
    const perDistrict = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM locations GROUP BY district_id ORDER BY district_id',
    );
    expect(perDistrict.map((r) => r.n)).toEqual([3, 3]);
  });

  test('reports what it inserted', async () => {
    const counts = await one<Record<string, number>>(`SELECT
      (SELECT count(*) FROM users)::int AS users,
      (SELECT count(*) FROM location_products)::int AS "locationProducts",
      (SELECT count(*) FROM count_items)::int AS "countItems",
      (SELECT count(*) FROM orders)::int AS orders,
      (SELECT count(*) FROM order_lines)::int AS "orderLines",
      (SELECT count(*) FROM nightly_count_items)::int AS "nightlyCountItems",
      (SELECT count(*) FROM task_completions)::int AS "taskCompletions"`);
    expect(summary).toMatchObject(counts);
    expect(wasEmpty).toBe(true);
    expect(await isDatabaseEmpty(db)).toBe(false);
  });

  test('every product belongs to a category that has a display order, and some have no subcategory', async () => {
    const orphans = await db.query(
      'SELECT p.name FROM products p LEFT JOIN categories c ON c.name = p.cafe_order_category WHERE c.name IS NULL',
    );
    expect(orphans).toEqual([]);
    const { without } = await one<{ without: number }>(
      'SELECT count(*)::int AS without FROM products WHERE order_subcategory IS NULL',
    );
    expect(without).toBeGreaterThan(0);
  });

  test('the four documented sign-ins exist with their roles, places and the demo password', async () => {
    const users = await db.query<{
      email: string;
      role: string;
      passwordHash: string;
      mustChange: boolean;
      locations: string[];
      districts: string[];
    }>(`SELECT u.email, u.role_key AS role, u.password_hash AS "passwordHash", u.must_change_password AS "mustChange",
        ARRAY(SELECT l.code FROM user_locations ul JOIN locations l ON l.id = ul.location_id
              WHERE ul.user_id = u.id ORDER BY l.code) AS locations,
        ARRAY(SELECT d.name FROM user_districts ud JOIN districts d ON d.id = ud.district_id
              WHERE ud.user_id = u.id ORDER BY d.name) AS districts
      FROM users u WHERE u.email LIKE '%@parstock.test' ORDER BY u.email`);
    const byEmail = new Map(users.map((u) => [u.email, u]));
    const admin = byEmail.get('admin@parstock.test');
    const district = byEmail.get('district@parstock.test');
    const manager = byEmail.get('manager@parstock.test');
    const staff = byEmail.get('staff@parstock.test');
    expect(admin).toMatchObject({ role: 'admin', locations: [], districts: [] });
    expect(district).toMatchObject({ role: 'district_manager', districts: ['Downtown'] });
    expect(manager?.role).toBe('cafe_manager');
    expect(staff?.role).toBe('staff');
    expect(manager?.locations).toHaveLength(2);
    expect(staff?.locations).toHaveLength(2);
    const shared = staff?.locations.filter((code) => manager?.locations.includes(code));
    expect(shared).toHaveLength(1);
    const firstDistrictCodes = await db.query<{ code: string }>(
      "SELECT l.code FROM locations l JOIN districts d ON d.id = l.district_id WHERE d.name = 'Downtown'",
    );
    for (const code of manager?.locations ?? [])
      expect(firstDistrictCodes.map((r) => r.code)).toContain(code);
    for (const user of [admin, district, manager, staff]) {
      expect(user?.mustChange).toBe(false);
      expect(await verifyPassword(DEMO_PASSWORD, user?.passwordHash ?? '')).toBe(true);
    }
    // Enough other people that history is not all written by one person.
    const { counters } = await one<{ counters: number }>(
      'SELECT count(DISTINCT updated_by)::int AS counters FROM count_items',
    );
    expect(counters).toBeGreaterThanOrEqual(4);
  });

  test('each café opened a year before the seed, ahead of all its history, so the reports read all of it', async () => {
    const cafes = await db.query<{
      code: string;
      opened: Date;
      first: Date;
    }>(`SELECT l.code, l.created_at AS opened,
        least(
          (SELECT min(s.started_at) FROM count_sessions s WHERE s.location_id = l.id),
          (SELECT min(o.created_at) FROM orders o WHERE o.location_id = l.id),
          (SELECT min(n.business_date)::timestamp AT TIME ZONE l.timezone FROM nightly_counts n WHERE n.location_id = l.id),
          (SELECT min(t.business_date)::timestamp AT TIME ZONE l.timezone FROM task_completions t
            WHERE t.location_id = l.id)) AS first
      FROM locations l ORDER BY l.code`);
    expect(cafes).toHaveLength(6);
    for (const cafe of cafes) {
      expect(new Date(cafe.opened).getTime()).toBe(NOW.getTime() - DEMO_CAFES_OPENED_DAYS_AGO * DAY);
      // A whole day ahead, so the first seeded day is after the café's first day on any clock.
      expect(new Date(cafe.opened).getTime()).toBeLessThan(new Date(cafe.first).getTime() - DAY);
    }
  });

  test('history covers at least three weeks and nothing in it lies in the future', async () => {
    const span = await one<{ first: Date; last: Date }>(`SELECT min(t) AS first, max(t) AS last FROM (
        SELECT started_at AS t FROM count_sessions UNION ALL SELECT confirmed_at FROM count_items
        UNION ALL SELECT completed_at FROM count_completions UNION ALL SELECT created_at FROM order_events
        UNION ALL SELECT completed_at FROM nightly_counts UNION ALL SELECT completed_at FROM task_completions
      ) AS history`);
    expect(new Date(span.first).getTime()).toBeLessThanOrEqual(NOW.getTime() - 21 * DAY);
    expect(new Date(span.last).getTime()).toBeLessThan(NOW.getTime());
    const weeks = await db.query<{ code: string; sessions: number; nights: number }>(`SELECT l.code,
        (SELECT count(*) FROM count_completions c WHERE c.location_id = l.id)::int AS sessions,
        (SELECT count(*) FROM nightly_counts n WHERE n.location_id = l.id)::int AS nights
      FROM locations l ORDER BY l.code`);
    for (const cafe of weeks) {
      expect(cafe.sessions).toBeGreaterThanOrEqual(6);
      expect(cafe.nights).toBeGreaterThanOrEqual(20);
    }
  });

  test('each café has one open, empty count session and no active completion', async () => {
    const open = await db.query<{ items: number }>(`SELECT
        (SELECT count(*) FROM count_items i WHERE i.session_id = s.id)::int AS items
      FROM count_sessions s WHERE s.status = 'open'`);
    expect(open).toHaveLength(6);
    expect(open.every((s) => s.items === 0)).toBe(true);
    expect(await db.query('SELECT 1 FROM count_completions WHERE is_active')).toEqual([]);
    const unconfirmed = await db.query('SELECT 1 FROM count_items WHERE NOT confirmed OR count IS NULL');
    expect(unconfirmed).toEqual([]);
  });

  test('orders pass through every status, and each one’s events chain up to its status', async () => {
    const statuses = await db.query<{ status: string }>('SELECT DISTINCT status FROM orders ORDER BY status');
    expect(statuses.map((s) => s.status)).toEqual([
      'approved',
      'cancelled',
      'placed',
      'received',
      'rejected',
      'submitted',
    ]);
    const awaiting = await one<{ n: number }>(
      "SELECT count(*)::int AS n FROM orders WHERE status = 'submitted'",
    );
    expect(awaiting.n).toBeGreaterThanOrEqual(2);
    const broken = await db.query(`SELECT o.number FROM orders o
      WHERE o.status <> (SELECT e.to_status FROM order_events e WHERE e.order_id = o.id ORDER BY e.created_at DESC LIMIT 1)
         OR (SELECT e.from_status FROM order_events e WHERE e.order_id = o.id ORDER BY e.created_at LIMIT 1) IS NOT NULL
         OR o.version <> (SELECT count(*) FROM order_events e WHERE e.order_id = o.id)
         OR NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)`);
    expect(broken).toEqual([]);
  });

  test('seeded orders are numbered as submitted ones: location code, business day, running number', async () => {
    const orders = await db.query<{ number: string; code: string; timezone: string; createdAt: Date }>(
      `SELECT o.number, l.code, l.timezone, o.created_at AS "createdAt" FROM orders o JOIN locations l ON l.id = o.location_id`,
    );
    expect(orders.length).toBeGreaterThan(0);
    const misnumbered = orders.filter(
      (o) => o.number !== formatOrderNumber(o.code, localDate(new Date(o.createdAt), o.timezone), 1),
    );
    expect(misnumbered).toEqual([]);
  });

  test('each order holds exactly what the suggestion rule made of the count before it', async () => {
    // Requirements §5: PAR minus count, floored at 0, capped at the product's maximum; no line when nothing is due.
    const mismatches = await db.query(`WITH expected AS (
        SELECT o.id AS order_id, ci.product_id,
               LEAST(lp.par - ci.count, COALESCE(p.maximum_stock_quantity, lp.par)) AS quantity
        FROM orders o
        JOIN count_sessions s ON s.location_id = o.location_id AND s.closed_at = o.created_at
        JOIN count_items ci ON ci.session_id = s.id
        JOIN location_products lp ON lp.location_id = o.location_id AND lp.product_id = ci.product_id
        JOIN products p ON p.id = ci.product_id
        WHERE lp.par > ci.count)
      SELECT e.order_id, l.order_id FROM expected e
      FULL JOIN order_lines l ON l.order_id = e.order_id AND l.product_id = e.product_id
      WHERE e.quantity IS DISTINCT FROM l.quantity`);
    expect(mismatches).toEqual([]);
    const capped = await one<{ n: number }>(`SELECT count(*)::int AS n FROM order_lines l
      JOIN products p ON p.id = l.product_id WHERE l.quantity = p.maximum_stock_quantity`);
    expect(capped.n).toBeGreaterThan(0);
    expect(await db.query('SELECT 1 FROM order_lines WHERE unit_cost <= 0')).toEqual([]);
  });

  test('PARs vary by café size, a few are locked by a district manager, and the lifecycle mix is realistic', async () => {
    const croissants = await db.query<{
      code: string;
      par: number;
    }>(`SELECT l.code, lp.par FROM location_products lp
      JOIN locations l ON l.id = lp.location_id JOIN products p ON p.id = lp.product_id
      WHERE p.name = 'Butter Croissant' ORDER BY l.code`);
    expect(new Set(croissants.map((r) => r.par)).size).toBeGreaterThan(2);
    const lockers = await db.query<{
      role: string;
    }>(`SELECT DISTINCT u.role_key AS role FROM location_products lp
      JOIN users u ON u.id = lp.par_locked_by WHERE lp.par_locked`);
    expect(lockers).toEqual([{ role: 'district_manager' }]);
    const lifecycles = await db.query<{ lifecycle: string; n: number }>(
      'SELECT lifecycle, count(*)::int AS n FROM location_products GROUP BY lifecycle ORDER BY lifecycle',
    );
    const mix = Object.fromEntries(lifecycles.map((r) => [r.lifecycle, r.n]));
    expect(mix.active).toBeGreaterThan(900);
    expect(mix.new).toBeGreaterThan(0);
    expect(mix.phasing_out).toBeGreaterThan(0);
  });

  test("each product's stored stock status is what its latest count and PAR make of it, as Inventory Management shows", async () => {
    const [row] = await db.query<{ differing: number; derived: number }>(
      `WITH latest AS (
         SELECT DISTINCT ON (cs.location_id, ci.product_id) cs.location_id, ci.product_id, ci.count
           FROM count_items ci JOIN count_sessions cs ON cs.id = ci.session_id
          WHERE ci.count IS NOT NULL
          ORDER BY cs.location_id, ci.product_id, ci.updated_at DESC, ci.session_id DESC
       )
       SELECT count(*) FILTER (WHERE lp.stock_status <>
                CASE WHEN l.count <= 0 THEN 'out' WHEN l.count < lp.par THEN 'low' ELSE 'in_stock' END)::int AS differing,
              count(*) FILTER (WHERE lp.stock_status <> 'in_stock')::int AS derived
         FROM location_products lp
         JOIN latest l ON l.location_id = lp.location_id AND l.product_id = lp.product_id
        WHERE lp.stock_status_set_at IS NULL`,
    );
    expect(row?.differing).toBe(0);
    // Some are low or out: the rule has something to say in the demo.
    expect(row?.derived).toBeGreaterThan(0);
  });

  test('refuses to seed a database that already has data, and changes nothing', async () => {
    const before = await one<{ n: number }>('SELECT count(*)::int AS n FROM count_items');
    const attempt = seedDemo(db, { now: NOW });
    await expect(attempt).rejects.toBeInstanceOf(DatabaseNotEmptyError);
    await expect(attempt).rejects.toThrow(/already has data \(11 users, 6 locations, 179 products\)/);
    expect(await one<{ n: number }>('SELECT count(*)::int AS n FROM count_items')).toEqual(before);
  });

  test('the older history leaves the four-week window exactly as a seed without it writes it', async () => {
    const windowOnly = await openTestDb();
    try {
      await seedDemo(windowOnly, { now: NOW, olderHistory: false });
      // Every column but those stamped with the seeding time (and the freshly salted password hashes).
      const digest = (table: string, where: string) => `SELECT count(*)::int AS n,
          md5(string_agg((to_jsonb(t) - 'password_hash' - 'created_at')::text, '|' ORDER BY t::text)) AS sum
        FROM ${table} t WHERE ${where}`;
      const tables: [string, string][] = [
        ['count_sessions', 'id'],
        ['count_items', 'session_id'],
        ['count_completions', 'id'],
        ['nightly_counts', 'id'],
        ['nightly_count_items', 'nightly_count_id'],
        ['orders', 'id'],
        ['order_lines', 'order_id'],
        ['order_events', 'id'],
      ];
      const parents: Record<string, string> = {
        count_items: 'count_sessions',
        nightly_count_items: 'nightly_counts',
        order_lines: 'orders',
      };
      for (const [table, key] of tables) {
        const bound = parents[table] ?? table;
        const [{ last } = { last: 0 }] = await windowOnly.query<{ last: number }>(
          `SELECT max(id)::int AS last FROM ${bound}`,
        );
        const [mine] = await db.query(digest(table, `t.${key} <= ${last}`));
        const [theirs] = await windowOnly.query(digest(table, 'true'));
        expect(JSON.stringify({ table, ...mine })).toBe(JSON.stringify({ table, ...theirs }));
      }
      for (const table of ['location_products', 'task_completions']) {
        const [mine] = await db.query(digest(table, 'true'));
        const [theirs] = await windowOnly.query(digest(table, 'true'));
        expect(JSON.stringify({ table, ...mine })).toBe(JSON.stringify({ table, ...theirs }));
      }
      const [whole] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM count_items');
      const [window] = await windowOnly.query<{ n: number }>('SELECT count(*)::int AS n FROM count_items');
      expect(whole?.n ?? 0).toBeGreaterThan(3 * (window?.n ?? 0));
    } finally {
      await windowOnly.close();
    }
  });

  test('months of older history: counts twice a week, nightly counts, and every older order settled', async () => {
    const cafes = await db.query<{ code: string; completions: number; firstCount: Date; nights: number }>(
      `SELECT l.code, count(DISTINCT c.id)::int AS completions, min(c.completed_at) AS "firstCount",
              (SELECT count(*) FROM nightly_counts n WHERE n.location_id = l.id)::int AS nights
         FROM locations l JOIN count_completions c ON c.location_id = l.id GROUP BY l.id ORDER BY l.code`,
    );
    for (const cafe of cafes) {
      expect(new Date(cafe.firstCount).getTime()).toBeLessThan(NOW.getTime() - 130 * DAY);
      expect(cafe.completions).toBeGreaterThanOrEqual(40);
      expect(cafe.nights).toBeGreaterThanOrEqual(120);
    }
    // Only the window's latest orders may still wait for someone: Approvals and Order Management stay as they were.
    const open = await db.query<{ number: string }>(
      `SELECT number FROM orders WHERE status IN ('submitted', 'approved', 'placed')
          AND created_at < $1::timestamptz - interval '28 days'`,
      [NOW],
    );
    expect(open).toEqual([]);
    const [received] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE status = 'received' AND created_at < $1::timestamptz - interval '28 days'`,
      [NOW],
    );
    expect(received?.n ?? 0).toBeGreaterThan(150);
  });

  test('the same clock gives the same chain on another database', async () => {
    const other = await openTestDb();
    try {
      await seedDemo(other, { now: NOW });
      const fingerprint = `SELECT md5(string_agg(line, '|' ORDER BY line)) AS digest FROM (
          SELECT l.code || p.name || ci.count || ci.confirmed_at::text AS line FROM count_items ci
            JOIN count_sessions s ON s.id = ci.session_id JOIN locations l ON l.id = s.location_id
            JOIN products p ON p.id = ci.product_id
          UNION ALL SELECT o.number || o.status || ol.quantity || ol.unit_cost FROM order_lines ol
            JOIN orders o ON o.id = ol.order_id
          UNION ALL SELECT l.code || p.name || lp.par || lp.lifecycle FROM location_products lp
            JOIN locations l ON l.id = lp.location_id JOIN products p ON p.id = lp.product_id
        ) AS rows`;
      const [mine] = await db.query<{ digest: string }>(fingerprint);
      const [theirs] = await other.query<{ digest: string }>(fingerprint);
      expect(mine?.digest).toHaveLength(32);
      expect(theirs).toEqual(mine as { digest: string });
    } finally {
      await other.close();
    }
  });
});
