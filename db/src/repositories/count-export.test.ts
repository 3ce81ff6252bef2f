import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import {
  type CountExportFilter,
  type CountExportRow,
  exportCountPages,
  listAllLocationIds,
} from './count-export.ts';

let db: Db;
let dt01: number;
let ns01: number;

beforeAll(async () => {
  db = await openTestDb();
  const [district] = await db.query<{ id: number }>(
    "INSERT INTO districts (name) VALUES ('Downtown') RETURNING id",
  );
  const locations = await db.query<{ id: number }>(
    `INSERT INTO locations (name, code, district_id, timezone) VALUES
       ('Maple Park', 'NS-01', $1, 'America/Chicago'), ('Harbor Street Café', 'DT-01', $1, 'America/New_York')
     RETURNING id`,
    [district?.id ?? 0],
  );
  ns01 = locations[0]?.id ?? 0;
  dt01 = locations[1]?.id ?? 0;
  await db.query(
    `INSERT INTO products (name, sku, cafe_order_category) VALUES
       ('Whole Milk', 'DAI-001', 'Dairy'), ('Oat Milk', NULL, 'Dairy'), ('Croissant', 'BAK-001', 'Bakery')`,
  );
  await db.query(
    `INSERT INTO users (email, first_name, last_name, password_hash, role_key) VALUES
       ('sam@example.com', 'Sam', 'Lee', 'x', 'staff'), ('nofirst@example.com', '', '', 'x', 'staff')`,
  );
  // DT-01 counts on the evening of 9 March (New York) = early 10 March UTC; NS-01 counts on 12 March.
  await db.exec(`
    INSERT INTO count_sessions (location_id, status, started_at) VALUES
      (${dt01}, 'closed', '2026-03-10T01:00:00Z'), (${ns01}, 'open', '2026-03-12T15:00:00Z');
    INSERT INTO count_items (session_id, product_id, count, confirmed, updated_at, updated_by)
    SELECT s.id, p.id, v.count, v.confirmed, v.at::timestamptz, u.id
      FROM (VALUES
        ('DT-01', 'Whole Milk', 4.5, true, '2026-03-10T01:10:00Z', 'sam@example.com'),
        ('DT-01', 'Oat Milk', NULL, false, '2026-03-10T01:11:00Z', 'sam@example.com'),
        ('DT-01', 'Croissant', 0, false, '2026-03-10T01:12:00Z', 'nofirst@example.com'),
        ('NS-01', 'Whole Milk', 7, true, '2026-03-12T15:05:00Z', NULL)
      ) AS v(loc, product, count, confirmed, at, email)
      JOIN locations l ON l.code = v.loc
      JOIN count_sessions s ON s.location_id = l.id
      JOIN products p ON p.name = v.product
      LEFT JOIN users u ON u.email = v.email;
    -- Typed offline on the afternoon of 11 March (Chicago) and stored when the phone got back online.
    UPDATE count_items SET typed_at = '2026-03-11T22:00:00Z'
     WHERE session_id = (SELECT id FROM count_sessions WHERE location_id = ${ns01});
    INSERT INTO nightly_counts (location_id, business_date, completed_at) VALUES (${dt01}, '2026-03-11', now());
    INSERT INTO nightly_count_items (nightly_count_id, product_id, count, confirmed, square_quantity, updated_at, updated_by)
    SELECT n.id, p.id, 3, true, CASE WHEN p.name = 'Croissant' THEN 5 END, '2026-03-12T02:30:00Z', u.id
      FROM nightly_counts n, products p, users u WHERE p.name IN ('Croissant', 'Whole Milk') AND u.email = 'sam@example.com';
  `);
});
afterAll(() => db.close());

async function exportAll(filter: Partial<CountExportFilter>, pageSize?: number): Promise<CountExportRow[]> {
  const rows: CountExportRow[] = [];
  const full = { locationIds: await listAllLocationIds(db), from: null, to: null, ...filter };
  for await (const page of exportCountPages(db, full, pageSize)) rows.push(...page);
  return rows;
}

describe('exportCountPages', () => {
  test('lists counted items of count sessions, then nightly counts, with who counted and when', async () => {
    const rows = await exportAll({});
    expect(rows.map((r) => [r.kind, r.locationCode, r.product, r.count])).toEqual([
      ['count', 'DT-01', 'Whole Milk', 4.5],
      ['count', 'DT-01', 'Croissant', 0],
      ['count', 'NS-01', 'Whole Milk', 7],
      ['nightly', 'DT-01', 'Whole Milk', 3],
      ['nightly', 'DT-01', 'Croissant', 3],
    ]);
    expect(rows[0]).toEqual({
      kind: 'count',
      locationCode: 'DT-01',
      locationName: 'Harbor Street Café',
      businessDate: '2026-03-09',
      sessionId: expect.any(Number),
      product: 'Whole Milk',
      sku: 'DAI-001',
      category: 'Dairy',
      count: 4.5,
      confirmed: true,
      countedAt: '2026-03-10T01:10:00.000Z',
      countedBy: 'Sam Lee',
      squareQuantity: null,
      squareVariance: null,
    });
    // A user without a name is shown by email; an item nobody is recorded for has no counter.
    expect(rows[1]?.countedBy).toBe('nofirst@example.com');
    expect(rows[2]).toMatchObject({
      countedBy: null,
      countedAt: '2026-03-11T22:00:00.000Z',
      businessDate: '2026-03-11',
    });
    expect(rows[4]).toMatchObject({
      businessDate: '2026-03-11',
      squareQuantity: 5,
      squareVariance: -2,
      confirmed: true,
    });
  });

  test('pages of any size give the same rows', async () => {
    expect(await exportAll({}, 1)).toEqual(await exportAll({}));
    expect(await exportAll({}, 2)).toEqual(await exportAll({}));
  });

  test("filters by location and by business day on the café's own clock", async () => {
    expect((await exportAll({ locationIds: [ns01] })).map((r) => r.locationCode)).toEqual(['NS-01']);
    // The DT-01 count was taken on 9 March in New York although it is 10 March in UTC.
    const ninth = await exportAll({ from: '2026-03-09', to: '2026-03-09' });
    expect(ninth.map((r) => [r.kind, r.product])).toEqual([
      ['count', 'Whole Milk'],
      ['count', 'Croissant'],
    ]);
    const later = await exportAll({ from: '2026-03-10' });
    expect(later.map((r) => [r.kind, r.locationCode])).toEqual([
      ['count', 'NS-01'],
      ['nightly', 'DT-01'],
      ['nightly', 'DT-01'],
    ]);
    expect(await exportAll({ to: '2026-03-08' })).toEqual([]);
  });

  test('no locations, no rows', async () => {
    expect(await exportAll({ locationIds: [] })).toEqual([]);
  });
});
