import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { type CountFixture, createCountFixture } from '@db/testing/count-session-fixture.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { compactInventory } from '@engine/compact-inventory.ts';
import { findOpenCountSession, listLocationInventory, readCompactInventoryJson } from './inventory.ts';

let db: Db;
let fixture: CountFixture;

beforeAll(async () => {
  db = await openTestDb();
  fixture = await createCountFixture(db, 12);
});
afterAll(() => db.close());

/** What the compact read answered before the database wrote it: the engine's compaction of the two reads. */
async function compactedByTheEngine(locationId: number) {
  const countSession = await findOpenCountSession(db, locationId);
  const items = await listLocationInventory(db, locationId, countSession?.id ?? null);
  return compactInventory({ locationId, countSession, items });
}

test('with no count open, every product at its defaults: each item is its product and name alone', async () => {
  const written = JSON.parse(await readCompactInventoryJson(db, fixture.locationId));
  expect(written).toEqual(await compactedByTheEngine(fixture.locationId));
  expect(written.countSession).toBeNull();
  expect(written.items).toHaveLength(12);
  expect(Object.keys(written.items[0])).toEqual(['productId', 'productName']);
});

test('every setting and count state is the engine compaction of the full read, on both databases', async () => {
  const { locationId, userId, productIds } = fixture;
  const [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11] = productIds.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  // A second person, named by email alone, who counts and locks.
  const [other = { id: 0 }] = await db.query<{ id: number }>(
    `INSERT INTO users (email, first_name, last_name, password_hash, role_key)
     VALUES ('nameless@example.test', '', '', 'x', 'staff') RETURNING id`,
  );
  await db.query(
    `INSERT INTO location_products (location_id, product_id, par, par_locked, par_locked_by, par_locked_at,
                                    lifecycle, stock_status, backordered)
     VALUES ($1, $2, 2.5, true, $3, '2026-11-30 08:15:30.123456+00', 'new', 'low', true),
            ($1, $4, 0, false, NULL, NULL, 'discontinued', 'out', false),
            ($1, $5, 12, true, NULL, '2026-11-30 09:00:00+00', 'phasing_out', 'in_stock', false),
            ($1, $6, 0, false, NULL, NULL, 'active', 'in_stock', false)`,
    [locationId, p1, other.id, p2, p3, p4],
  );
  const [session = { id: 0 }] = await db.query<{ id: number }>(
    `INSERT INTO count_sessions (location_id, started_by, cleared_at)
     VALUES ($1, $2, '2026-12-01 06:00:00.000999+00') RETURNING id`,
    [locationId, userId],
  );
  await db.query(
    `INSERT INTO count_items (session_id, product_id, count, confirmed, edited_after_confirm, updated_at, updated_by, typed_at)
     VALUES ($1, $2, 3.25, true, false, '2026-12-01 07:00:00.5+00', $3, '2026-12-01 07:00:00.499999+00'),
            ($1, $4, 0, false, true, '2026-12-01 07:01:00+00', $5, '2026-12-01 07:01:00+00'),
            ($1, $6, NULL, false, false, '2026-12-01 07:02:00+00', $3, '2026-12-01 07:02:00+00'),
            ($1, $7, 10, false, false, '2026-12-01 07:03:00+00', NULL, NULL),
            ($1, $8, 1000000.99, true, true, '2026-12-01 07:04:00+00', $3, '2026-12-01 07:04:00+00')`,
    [session.id, p5, userId, p6, other.id, p7, p8, p9],
  );
  // A retired product is not sold any more, and a name that needs escaping in JSON.
  await db.query(`UPDATE products SET retired_at = now() WHERE id = $1`, [p10]);
  await db.query(`UPDATE products SET name = $2 WHERE id = $1`, [p11, 'Oat "barista" milk\\1 L\u00a0— ½']);

  const written = JSON.parse(await readCompactInventoryJson(db, locationId));
  const expected = await compactedByTheEngine(locationId);
  expect(written).toEqual(expected);
  // The same order of products and of each record's fields, so the client's expanded records share one shape.
  expect(written.items.map(Object.keys)).toEqual(expected.items.map(Object.keys));
  expect(written.items).toHaveLength(11);
  expect(written.countSession).toEqual({
    id: session.id,
    startedAt: expect.any(String),
    startedBy: 'Sam Staff',
    clearedAt: '2026-12-01T06:00:00.000Z',
  });
  // Another café's settings and counts are not this one's.
  const [elsewhere] = await db.query<{ id: number }>(
    `INSERT INTO locations (name, code, district_id) SELECT 'Other', 'C2', district_id FROM locations WHERE id = $1
     RETURNING id`,
    [locationId],
  );
  const otherCafe = JSON.parse(await readCompactInventoryJson(db, elsewhere?.id ?? 0));
  expect(otherCafe).toEqual(await compactedByTheEngine(elsewhere?.id ?? 0));
  expect(otherCafe.items.every((item: object) => Object.keys(item).length === 2)).toBe(true);
});
