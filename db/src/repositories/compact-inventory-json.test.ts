import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { type CountFixture, createCountFixture } from '@db/testing/count-session-fixture.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { LIFECYCLES, STOCK_STATUSES } from '@engine/api-schemas.ts';
import { compactInventory } from '@engine/compact-inventory.ts';
import fc from 'fast-check';
import { readCompactInventoryJson } from './compact-inventory-json.ts';
import { findOpenCountSession, listLocationInventory } from './inventory.ts';

/** Thrown to undo a test's writes. */
class RollBack extends Error {}

let db: Db;
let fixture: CountFixture;
/** Staff with a name, and one with only an email (a name made of blanks). */
const people: number[] = [];

beforeAll(async () => {
  db = await openTestDb();
  fixture = await createCountFixture(db, 24);
  const added = await db.query<{ id: number }>(
    `INSERT INTO users (email, first_name, last_name, password_hash, role_key)
     VALUES ('zoë@example.test', 'Zoë "Z"', 'O''Neil \\ ☕', 'x', 'staff'),
            ('blank@example.test', ' ', '', 'x', 'staff')
     RETURNING id`,
  );
  people.push(fixture.userId, ...added.map((row) => row.id));
  await db.query(`UPDATE products SET name = 'Oat "barista" milk\t1 L ☕' WHERE id = $1`, [
    fixture.productIds[0] ?? 0,
  ]);
  await db.query('UPDATE products SET retired_at = now() WHERE id = $1', [fixture.productIds[1] ?? 0]);
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.query('DELETE FROM count_sessions');
  await db.query('DELETE FROM location_products');
});

const personId = (index: number | null) => (index === null ? null : (people[index] ?? null));

/** What the answer was before the database wrote it: the rows read, then compacted (decision 057). */
async function compactedFromRows(locationId: number) {
  const countSession = await findOpenCountSession(db, locationId);
  const items = await listLocationInventory(db, locationId, countSession?.id ?? null);
  return compactInventory({ locationId, countSession, items });
}

async function writtenByTheDatabase(locationId: number) {
  return JSON.parse(await readCompactInventoryJson(db, locationId)) as unknown;
}

interface ProductState {
  settings: null | {
    par: number;
    lockedBy: number | null;
    lockedAt: string | null;
    lifecycle: (typeof LIFECYCLES)[number];
    stockStatus: (typeof STOCK_STATUSES)[number];
    backordered: boolean;
  };
  counted: null | {
    count: number | null;
    confirmed: boolean;
    editedAfterConfirm: boolean;
    typedAt: string | null;
    updatedAt: string;
    by: number | null;
  };
}

/** Stored timestamps carry microseconds; the API's are `toISOString()`'s milliseconds. */
const stamp = fc
  .integer({ min: Date.UTC(2020, 0, 1) * 1000, max: Date.UTC(2030, 0, 1) * 1000 })
  .map((micros) => {
    const iso = new Date(Math.floor(micros / 1000)).toISOString();
    return `${iso.slice(0, -1)}${String(micros % 1000).padStart(3, '0')}Z`;
  });
const amount = fc.oneof(
  fc.constantFrom(0, 0.01, 0.5, 2.5, 3, 4.25, 9_999_999_999.99),
  fc.integer({ min: 0, max: 99_999_999 }).map((cents) => cents / 100),
);
const person = fc.option(fc.integer({ min: 0, max: 2 }), { nil: null });
const productState: fc.Arbitrary<ProductState> = fc.record({
  settings: fc.option(
    fc.record({
      par: amount,
      lockedBy: person,
      lockedAt: fc.option(stamp, { nil: null }),
      lifecycle: fc.constantFrom(...LIFECYCLES),
      stockStatus: fc.constantFrom(...STOCK_STATUSES),
      backordered: fc.boolean(),
    }),
    { nil: null },
  ),
  counted: fc.option(
    fc.record({
      count: fc.option(amount, { nil: null }),
      confirmed: fc.boolean(),
      editedAfterConfirm: fc.boolean(),
      typedAt: fc.option(stamp, { nil: null }),
      updatedAt: stamp,
      by: person,
    }),
    { nil: null },
  ),
});

/** Writes each product's state at the fixture's café, in an open session (cleared or not) or none. */
async function store(
  states: ProductState[],
  session: null | { startedBy: number | null; clearedAt: string | null },
) {
  const { locationId, productIds } = fixture;
  const [opened] = session
    ? await db.query<{ id: number }>(
        `INSERT INTO count_sessions (location_id, started_by, started_at, cleared_at)
         VALUES ($1, $2, '2026-03-01 08:00:00.123456+00', $3) RETURNING id`,
        [locationId, personId(session.startedBy), session.clearedAt],
      )
    : [];
  for (const [i, state] of states.entries()) {
    const productId = productIds[i] ?? 0;
    const { settings, counted } = state;
    if (settings) {
      await db.query(
        `INSERT INTO location_products
           (location_id, product_id, par, par_locked, par_locked_by, par_locked_at, lifecycle, stock_status, backordered)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          locationId,
          productId,
          settings.par,
          settings.lockedBy !== null,
          personId(settings.lockedBy),
          settings.lockedAt,
          settings.lifecycle,
          settings.stockStatus,
          settings.backordered,
        ],
      );
    }
    if (counted && opened) {
      await db.query(
        `INSERT INTO count_items
           (session_id, product_id, count, confirmed, edited_after_confirm, typed_at, updated_at, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          opened.id,
          productId,
          counted.count,
          counted.confirmed,
          counted.editedAfterConfirm,
          counted.typedAt,
          counted.updatedAt,
          personId(counted.by),
        ],
      );
    }
  }
}

describe('readCompactInventoryJson', () => {
  test('a café with nothing set and no count open: every product at its defaults, no session', async () => {
    const written = await writtenByTheDatabase(fixture.locationId);
    expect(written).toEqual(await compactedFromRows(fixture.locationId));
    expect(written).toMatchObject({ locationId: fixture.locationId, countSession: null });
    // The retired product is not listed; the others are their id and name alone.
    const items = (written as { items: Record<string, unknown>[] }).items;
    expect(items).toHaveLength(fixture.productIds.length - 1);
    expect(items.every((item) => Object.keys(item).join() === 'productId,productName')).toBe(true);
  });

  test('a chain with no products answers an empty list, as the rows did', async () => {
    await db
      .transaction(async (tx) => {
        await tx.query('UPDATE products SET retired_at = now() WHERE retired_at IS NULL');
        expect(JSON.parse(await readCompactInventoryJson(tx, fixture.locationId))).toEqual({
          locationId: fixture.locationId,
          countSession: null,
          items: [],
        });
        throw new RollBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RollBack)) throw error;
      });
  });

  test('names with quotes, backslashes, tabs and non-ASCII letters come through as the rows had them', async () => {
    await store(
      [
        {
          settings: null,
          counted: {
            count: 2,
            confirmed: false,
            editedAfterConfirm: false,
            typedAt: null,
            updatedAt: '2026-03-01T09:00:00.000Z',
            by: 1,
          },
        },
      ],
      { startedBy: 1, clearedAt: null },
    );
    const asRows = await compactedFromRows(fixture.locationId);
    const written = (await writtenByTheDatabase(fixture.locationId)) as typeof asRows;
    expect(written).toEqual(asRows);
    expect(written.countSession?.startedBy).toBe('Zoë "Z" O\'Neil \\ ☕');
    expect(written.items.find((item) => item.countedBy)?.productName).toBe('Oat "barista" milk\t1 L ☕');
  });

  test('any mix of settings, counts, locks, people and timestamps is the text of the rows compacted', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(productState, {
          minLength: fixture.productIds.length,
          maxLength: fixture.productIds.length,
        }),
        fc.option(fc.record({ startedBy: person, clearedAt: fc.option(stamp, { nil: null }) }), {
          nil: null,
        }),
        async (states, session) => {
          await db.query('DELETE FROM count_sessions');
          await db.query('DELETE FROM location_products');
          await store(states, session);
          // The same text, not only the same value: key order, numbers and timestamps as JSON.stringify wrote them.
          expect(await readCompactInventoryJson(db, fixture.locationId)).toBe(
            JSON.stringify(await compactedFromRows(fixture.locationId)),
          );
        },
      ),
      { numRuns: 25 },
    );
  });
});

test('the statement keeps its plan for the connection (migration 0028)', async () => {
  // Sent as a prepared statement, it was planned again on up to a fifth of its calls, at about 2 ms a plan.
  const [fn] = await db.query<{ config: string[] | null }>(
    `SELECT proconfig AS config FROM pg_proc WHERE proname = 'compact_inventory_json'`,
  );
  expect(fn?.config).toEqual(['plan_cache_mode=force_generic_plan']);
});
