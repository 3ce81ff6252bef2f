import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { type CountBatchInput, saveCountBatch, saveCountBatches } from '@db/repositories/count-items.ts';
import { type CountFixture, createCountFixture } from '@db/testing/count-session-fixture.ts';
import { openAnotherPool, openTestDb } from '@db/testing/test-db.ts';
import { saveCountBatchGrouped } from './count-batch-groups.ts';

// Decision 050: batches saved together in one call, each answered as if alone; grouped only while busy.
let db: Db;
let fixture: CountFixture;
let otherLocationId: number;
const sessions = new Map<number, number>();

const at = (second: number) => new Date(Date.UTC(2025, 2, 1, 14, 0, second)).toISOString();
const edit = (productId: number, count: number, second: number) => ({
  productId,
  count,
  confirmed: false,
  typedAt: at(second),
});

beforeAll(async () => {
  db = await openTestDb();
  fixture = await createCountFixture(db, 6);
  const [other] = await db.query<{ id: number }>(
    `INSERT INTO locations (name, code, district_id)
     SELECT 'Other café', 'C2', district_id FROM locations WHERE id = $1 RETURNING id`,
    [fixture.locationId],
  );
  otherLocationId = other?.id ?? 0;
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.query('DELETE FROM count_sessions');
  await db.query('DELETE FROM audit_log');
  for (const locationId of [fixture.locationId, otherLocationId]) {
    const [session] = await db.query<{ id: number }>(
      'INSERT INTO count_sessions (location_id, started_by) VALUES ($1, $2) RETURNING id',
      [locationId, fixture.userId],
    );
    sessions.set(locationId, session?.id ?? 0);
  }
});

const stored = () =>
  db.query<{ location: number; product: number; count: number }>(
    `SELECT cs.location_id AS location, ci.product_id AS product, ci.count
       FROM count_items ci JOIN count_sessions cs ON cs.id = ci.session_id
      ORDER BY cs.location_id, ci.product_id`,
  );

describe('saveCountBatches', () => {
  test('answers each batch as it would be answered alone, in the order given', async () => {
    const [a, b, c] = fixture.productIds as [number, number, number];
    const own = fixture.locationId;
    const batch = (locationId: number, sessionId: number | null, edits: CountBatchInput['edits']) => ({
      locationId,
      sessionId,
      actorId: fixture.userId,
      edits,
    });
    const outcomes = await saveCountBatches(db, [
      // The later café first: the call saves cafés in order but answers in the order given.
      batch(otherLocationId, sessions.get(otherLocationId) ?? 0, [edit(a, 7, 1)]),
      batch(own, sessions.get(own) ?? 0, [edit(a, 1, 1), edit(b, 2, 1)]),
      batch(own, 999_999, [edit(c, 3, 1)]),
      batch(own, null, [edit(987_654, 4, 1)]),
      // The same café again: sees the first batch's write, and the older typed value is superseded.
      batch(own, sessions.get(own) ?? 0, [edit(a, 5, 0), edit(c, 6, 2)]),
    ]);
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual([
      'saved',
      'saved',
      'session_changed',
      'unknown_products',
      'saved',
    ]);
    const [first, second, , unknown, last] = outcomes;
    expect(first?.outcome === 'saved' && first.session.id).toBe(sessions.get(otherLocationId) ?? 0);
    expect(second?.outcome === 'saved' && second.items.map((item) => [item.productId, item.applied])).toEqual(
      [
        [a, true],
        [b, true],
      ],
    );
    expect(unknown?.outcome === 'unknown_products' && unknown.productIds).toEqual([987_654]);
    expect(
      last?.outcome === 'saved' && last.items.map((item) => [item.productId, item.applied, item.state.count]),
    ).toEqual([
      [a, false, 1],
      [c, true, 6],
    ]);
    expect(await stored()).toEqual([
      { location: own, product: a, count: 1 },
      { location: own, product: b, count: 2 },
      { location: own, product: c, count: 6 },
      { location: otherLocationId, product: a, count: 7 },
    ]);
  });

  test('an error in one batch saves none of them', async () => {
    const [a] = fixture.productIds as [number];
    const own = fixture.locationId;
    const good = { locationId: own, sessionId: null, actorId: fixture.userId, edits: [edit(a, 1, 1)] };
    // A count beyond numeric(12,2): the database refuses it (the route's validation never lets one through).
    const bad = { ...good, locationId: otherLocationId, edits: [edit(a, 1e15, 1)] };
    await expect(saveCountBatches(db, [good, bad])).rejects.toThrow();
    expect(await stored()).toEqual([]);
  });
});

describe('saveCountBatchGrouped', () => {
  /** The database calls of each kind made while `work` runs. */
  async function callsDuring(work: () => Promise<unknown>) {
    const query = db.query;
    const calls = { alone: 0, together: 0 };
    db.query = (async (...args: Parameters<Db['query']>) => {
      if (args[0].includes('save_count_batches(')) calls.together += 1;
      else if (args[0].includes('save_count_batch(')) calls.alone += 1;
      return query.apply(db, args);
    }) as Db['query'];
    try {
      await work();
    } finally {
      db.query = query;
    }
    return calls;
  }

  test('one batch at a time goes alone, as before', async () => {
    const [a] = fixture.productIds as [number];
    const calls = await callsDuring(async () => {
      for (let second = 1; second <= 3; second += 1) {
        const outcome = await saveCountBatchGrouped(db, {
          locationId: fixture.locationId,
          sessionId: null,
          actorId: fixture.userId,
          edits: [edit(a, second, second)],
        });
        expect(outcome.outcome).toBe('saved');
      }
    });
    expect(calls).toEqual({ alone: 3, together: 0 });
  });

  test('batches arriving while the database is busy go together, each with its own answer', async () => {
    const ids = fixture.productIds;
    let outcomes: Awaited<ReturnType<typeof saveCountBatchGrouped>>[] = [];
    const calls = await callsDuring(async () => {
      outcomes = await Promise.all(
        Array.from({ length: 40 }, (_, n) =>
          saveCountBatchGrouped(db, {
            locationId: n % 2 === 0 ? fixture.locationId : otherLocationId,
            // One stale session id among them: refused alone, the others saved.
            sessionId: n === 17 ? 999_999 : null,
            actorId: fixture.userId,
            edits: [edit(ids[n % ids.length] ?? 0, n, n)],
          }),
        ),
      );
    });
    expect(outcomes.filter((outcome) => outcome.outcome === 'saved')).toHaveLength(39);
    expect(outcomes[17]?.outcome).toBe('session_changed');
    // Two went alone at once; the 38 that waited went in 32 and 6.
    expect(calls).toEqual({ alone: 2, together: 2 });
    // Last typed wins across the groups: each product holds its latest value.
    const latest = new Map<string, number>();
    for (let n = 0; n < 40; n += 1) {
      if (n === 17) continue;
      const location = n % 2 === 0 ? fixture.locationId : otherLocationId;
      latest.set(`${location}:${ids[n % ids.length]}`, n);
    }
    const rows = await stored();
    expect(new Map(rows.map((row) => [`${row.location}:${row.product}`, row.count]))).toEqual(latest);
  });

  test("on PostgreSQL a café's batch waits while a call holds its count; the embedded database takes it at once", async () => {
    const [a, b, c] = fixture.productIds as [number, number, number];
    let outcomes: string[] = [];
    const calls = await callsDuring(async () => {
      outcomes = await Promise.all(
        [a, b, c].map((productId, n) =>
          saveCountBatchGrouped(db, {
            locationId: fixture.locationId,
            sessionId: null,
            actorId: fixture.userId,
            edits: [edit(productId, n + 1, n)],
          }).then((outcome) => outcome.outcome),
        ),
      );
    });
    expect(outcomes).toEqual(['saved', 'saved', 'saved']);
    // PostgreSQL: the first call locks the café's count (decision 067), so the next two wait for it and go together.
    // The embedded database runs one call after the other: the second goes at once, the third alone after it.
    expect(calls).toEqual(db.driver === 'postgres' ? { alone: 1, together: 1 } : { alone: 3, together: 0 });
  });

  test('two instances saving the same items of the same cafés at once: nothing fails, the last typed value wins', async () => {
    // Each pool groups its own saves (as each instance does), and the groups of both lock the same counts. A group
    // the database refuses (a deadlock, say) would be saved again batch by batch: it is caught here instead.
    const refused: unknown[] = [];
    const watched = (pool: Db): Db => ({
      driver: pool.driver,
      query: <T>(text: string, params?: Parameters<Db['query']>[1]) =>
        pool.query<T>(text, params).catch((error: unknown) => {
          refused.push(error);
          throw error;
        }),
      exec: (script) => pool.exec(script),
      transaction: (fn) => pool.transaction(fn),
      close: () => pool.close(),
    });
    const pools = [watched(db), watched(openAnotherPool(db))];
    const ids = fixture.productIds.slice(0, 4);
    const cafes = [fixture.locationId, otherLocationId];
    // Typed one millisecond apart, sent in another order: some arrive after a later typed value.
    const batches = Array.from({ length: 160 }, (_, n) => ({
      pool: pools[n % 2] as Db,
      locationId: cafes[(n * 7) % 2] as number,
      edits: ids
        .filter((_, i) => (n + i) % 3 !== 0)
        .map((productId, i) => ({
          productId,
          count: n,
          confirmed: false,
          typedAt: new Date(Date.UTC(2025, 2, 1, 14) + ((n * 37) % 160) * 4 + i).toISOString(),
        })),
    }));
    const outcomes = await Promise.all(
      batches.map(({ pool, locationId, edits }) =>
        saveCountBatchGrouped(pool, { locationId, sessionId: null, actorId: fixture.userId, edits }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.outcome !== 'saved')).toEqual([]);
    expect(refused).toEqual([]);
    const latest = new Map<string, { typedAt: string; count: number }>();
    for (const { locationId, edits } of batches) {
      for (const edit of edits) {
        const key = `${locationId}:${edit.productId}`;
        const before = latest.get(key);
        if (!before || edit.typedAt > before.typedAt) latest.set(key, edit);
      }
    }
    const rows = await stored();
    expect(new Map(rows.map((row) => [`${row.location}:${row.product}`, Number(row.count)]))).toEqual(
      new Map([...latest].map(([key, edit]) => [key, edit.count])),
    );
  });

  test('a batch the database refuses fails alone: the others of its group are saved', async () => {
    const [a, b] = fixture.productIds as [number, number];
    const save = (locationId: number, productId: number, count: number) =>
      saveCountBatchGrouped(db, {
        locationId,
        sessionId: null,
        actorId: fixture.userId,
        edits: [edit(productId, count, 5)],
      }).then(
        (outcome) => outcome.outcome,
        () => 'refused',
      );
    const answers = await Promise.all([
      save(fixture.locationId, a, 1),
      save(fixture.locationId, b, 2),
      save(fixture.locationId, a, 3),
      save(otherLocationId, a, 1e15),
      save(otherLocationId, b, 4),
    ]);
    expect(answers).toEqual(['saved', 'saved', 'saved', 'refused', 'saved']);
    expect((await stored()).map((row) => row.count)).toEqual([1, 2, 4]);
  });

  test('saved alone or together, a batch is answered the same', async () => {
    const [a, b] = fixture.productIds as [number, number];
    const input = {
      locationId: fixture.locationId,
      sessionId: null,
      actorId: fixture.userId,
      edits: [edit(a, 2, 9), edit(b, 3, 9)],
    };
    // Apart from when it was written: countedAt is the save's own time.
    const withoutTime = (outcome: Awaited<ReturnType<typeof saveCountBatch>> | undefined) =>
      outcome?.outcome === 'saved'
        ? {
            ...outcome,
            items: outcome.items.map((item) => ({ ...item, state: { ...item.state, countedAt: null } })),
          }
        : outcome;
    const alone = await saveCountBatch(db, input);
    await db.query('DELETE FROM count_items');
    const [together] = await saveCountBatches(db, [input]);
    expect(together?.outcome).toBe('saved');
    expect(withoutTime(together)).toEqual(withoutTime(alone));
  });
});
