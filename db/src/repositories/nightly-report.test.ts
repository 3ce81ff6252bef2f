import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { listReportLocations, loadNightlyReportInputs, type ReportLocation } from './nightly-report.ts';

let db: Db;
let locations: ReportLocation[];

beforeAll(async () => {
  db = await openTestDb();
  await db.exec(`
    INSERT INTO districts (name) VALUES ('Downtown');
    INSERT INTO locations (name, code, district_id, timezone, square_location_id, active)
    SELECT v.name, v.code, d.id, v.tz, v.square, v.active FROM districts d, (VALUES
      ('Maple Park', 'NS-01', 'America/Chicago', 'SQ-LOC-1', true),
      ('Harbor Street Café', 'DT-01', 'America/New_York', NULL, true),
      ('Courthouse Kiosk', 'DT-03', 'America/New_York', NULL, true),
      ('Old Pier', 'OP-01', 'America/New_York', NULL, false)
    ) AS v(name, code, tz, square, active);
    INSERT INTO products (name, cafe_order_category, is_daily_count, retired_at) VALUES
      ('Whole Milk', 'Dairy', true, NULL), ('Croissant', 'Bakery', true, NULL),
      ('Pumpkin Loaf', 'Bakery', true, NULL), ('Holiday Cookie', 'Bakery', true, now()),
      ('Espresso Beans', 'Coffee', false, NULL);
    INSERT INTO users (email, first_name, last_name, password_hash, role_key)
      VALUES ('sam@example.com', 'Sam', 'Lee', 'x', 'staff');
    -- NS-01 no longer sells the pumpkin loaf, so its nightly count covers two items.
    INSERT INTO location_products (location_id, product_id, par, lifecycle)
    SELECT l.id, p.id, v.par, v.lifecycle FROM (VALUES
      ('DT-01', 'Whole Milk', 12, 'active'), ('DT-01', 'Croissant', 4, 'active'),
      ('NS-01', 'Whole Milk', 8, 'active'), ('NS-01', 'Pumpkin Loaf', 5, 'discontinued')
    ) AS v(code, product, par, lifecycle) JOIN locations l ON l.code = v.code JOIN products p ON p.name = v.product;
    INSERT INTO nightly_counts (location_id, business_date, completed_at, completed_by)
    SELECT l.id, v.day::date, v.done::timestamptz, u.id FROM users u, (VALUES
      ('DT-01', '2026-03-09', '2026-03-10T02:41:00Z'), ('DT-01', '2026-03-08', NULL), ('NS-01', '2026-03-09', NULL)
    ) AS v(code, day, done) JOIN locations l ON l.code = v.code;
    INSERT INTO nightly_count_items (nightly_count_id, product_id, count, square_quantity)
    SELECT n.id, p.id, v.count, v.square FROM (VALUES
      ('DT-01', '2026-03-09', 'Whole Milk', 2, NULL), ('DT-01', '2026-03-09', 'Croissant', 6, NULL),
      ('DT-01', '2026-03-08', 'Whole Milk', 9, NULL),
      ('NS-01', '2026-03-09', 'Whole Milk', 3, 4.5), ('NS-01', '2026-03-09', 'Croissant', NULL, 2)
    ) AS v(code, day, product, count, square)
    JOIN locations l ON l.code = v.code
    JOIN nightly_counts n ON n.location_id = l.id AND n.business_date = v.day::date
    JOIN products p ON p.name = v.product;
  `);
  locations = await listReportLocations(db);
});
afterAll(() => db.close());

const at = (code: string) => {
  const location = locations.find((l) => l.code === code);
  if (!location) throw new Error(`No location ${code}`);
  return location;
};

test('listReportLocations lists active cafés by code with whether Square is connected', () => {
  expect(locations.map((l) => [l.code, l.name, l.timezone, l.squareConnected])).toEqual([
    ['DT-01', 'Harbor Street Café', 'America/New_York', false],
    ['DT-03', 'Courthouse Kiosk', 'America/New_York', false],
    ['NS-01', 'Maple Park', 'America/Chicago', true],
  ]);
});

describe('loadNightlyReportInputs', () => {
  test("reads each café's nightly count of its own business day with PARs and Square figures", async () => {
    const inputs = await loadNightlyReportInputs(db, [
      { location: at('DT-01'), businessDate: '2026-03-09' },
      { location: at('DT-03'), businessDate: '2026-03-09' },
      { location: at('NS-01'), businessDate: '2026-03-09' },
    ]);
    expect(inputs).toEqual([
      {
        locationCode: 'DT-01',
        locationName: 'Harbor Street Café',
        businessDate: '2026-03-09',
        timeZone: 'America/New_York',
        squareConnected: false,
        squareUnavailable: false,
        nightlyCount: { completedAt: '2026-03-10T02:41:00.000Z', completedBy: 'Sam Lee' },
        itemsExpected: 3,
        items: [
          { product: 'Croissant', count: 6, par: 4, squareQuantity: null },
          { product: 'Whole Milk', count: 2, par: 12, squareQuantity: null },
        ],
      },
      {
        locationCode: 'DT-03',
        locationName: 'Courthouse Kiosk',
        businessDate: '2026-03-09',
        timeZone: 'America/New_York',
        squareConnected: false,
        squareUnavailable: false,
        nightlyCount: null,
        itemsExpected: 3,
        items: [],
      },
      {
        locationCode: 'NS-01',
        locationName: 'Maple Park',
        businessDate: '2026-03-09',
        timeZone: 'America/Chicago',
        squareConnected: true,
        squareUnavailable: false,
        nightlyCount: { completedAt: null, completedBy: 'Sam Lee' },
        itemsExpected: 2,
        items: [
          { product: 'Croissant', count: null, par: 0, squareQuantity: 2 },
          { product: 'Whole Milk', count: 3, par: 8, squareQuantity: 4.5 },
        ],
      },
    ]);
  });

  test('another business day reads that day only', async () => {
    const [input] = await loadNightlyReportInputs(db, [
      { location: at('DT-01'), businessDate: '2026-03-08' },
    ]);
    expect(input?.nightlyCount).toEqual({ completedAt: null, completedBy: 'Sam Lee' });
    expect(input?.items).toEqual([{ product: 'Whole Milk', count: 9, par: 12, squareQuantity: null }]);
    expect(await loadNightlyReportInputs(db, [])).toEqual([]);
  });

  test("Square's figures read on the café's business day fill the items; a failure that day is reported", async () => {
    const [dt01] = await db.query<{ id: number }>(`SELECT id FROM locations WHERE code = 'DT-01'`);
    // 23:30 in New York (EDT) on 9 March is already the 10th in UTC: it belongs to the 9th's count.
    await db.query(
      `INSERT INTO square_on_hand (location_id, product_id, quantity, fetched_at)
       SELECT $1, id, 7, '2026-03-10T03:30:00Z' FROM products WHERE name = 'Croissant'`,
      [dt01?.id ?? 0],
    );
    await db.query(
      `INSERT INTO square_location_reads (location_id, last_ok_at, last_failed_at, last_failure)
       VALUES ($1, '2026-03-10T03:30:00Z', '2026-03-10T03:45:00Z', 'Square did not answer in time.')`,
      [dt01?.id ?? 0],
    );
    const [ninth] = await loadNightlyReportInputs(db, [
      { location: at('DT-01'), businessDate: '2026-03-09' },
    ]);
    expect(ninth?.items).toEqual([
      { product: 'Croissant', count: 6, par: 4, squareQuantity: 7 },
      { product: 'Whole Milk', count: 2, par: 12, squareQuantity: null },
    ]);
    expect(ninth?.squareUnavailable).toBe(true);
    const [eighth] = await loadNightlyReportInputs(db, [
      { location: at('DT-01'), businessDate: '2026-03-08' },
    ]);
    expect(eighth?.items).toEqual([{ product: 'Whole Milk', count: 9, par: 12, squareQuantity: null }]);
    expect(eighth?.squareUnavailable).toBe(false);
    await db.query('DELETE FROM square_on_hand');
    await db.query('DELETE FROM square_location_reads');
  });
});
