import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { SAVE_QUEUE_MAX_WAIT_MS } from '@db/use-cases/count-batch-groups.ts';
import { apiErrorSchema } from '@engine/api-schemas.ts';
import { ERROR_CATALOGUE } from '@engine/errors/error-catalogue.ts';
import type { Fixture } from './fixtures.ts';
import { call, testApp } from './http.ts';
import { openTestWorld, type TestApp } from './test-world.ts';

/*
 * Decision 064: at a peak the database cannot keep up with, an autosave that waited SAVE_QUEUE_MAX_WAIT_MS for a
 * free save call is refused unsaved with a 503 the outbox retries, instead of being saved after its sender gave up.
 * The database here answers a save statement only when the test lets it: two saves, one for each of two cafés, hold
 * both of an instance's save calls, and 33 more for the first café queue behind them. Halfway through the wait that
 * café's call is answered, and the next takes 32 of the queue (a group's most); the last one waits on until it is
 * refused. (On PostgreSQL a café's batches also wait while a call holds its count, decision 067: hence two cafés.)
 */

let db: Db;
let fx: Fixture;
let app: TestApp;
let staff: string;
/** Save statements waiting for the test, with the café of their (first) batch. */
const held: { locationId: number; go: () => void }[] = [];

/** The café a save statement's parameters name: its own, or its group's first batch's. */
function cafeOf(params: readonly unknown[] | undefined): number {
  const first = params?.[0];
  return Number(Array.isArray(first) ? (first[0] as { locationId: number }).locationId : first);
}

/** The same database, except that a save statement waits until the test releases it. */
function savesHeld(inner: Db): Db {
  return {
    driver: inner.driver,
    query: async (text, params) => {
      if (text.includes('save_count_batch')) {
        await new Promise<void>((go) => held.push({ locationId: cafeOf(params), go }));
      }
      return inner.query(text, params);
    },
    exec: (script) => inner.exec(script),
    transaction: (fn) => inner.transaction(fn),
    close: () => inner.close(),
  };
}

beforeAll(async () => {
  ({
    db,
    fx,
    app,
    cookies: { staff },
  } = await openTestWorld(['staff']));
});
afterAll(() => db.close());

const typedAt = (minute: number) => new Date(Date.now() - (60 - minute) * 60_000).toISOString();
const save = (
  on: TestApp,
  sessionId: number | null,
  productId: number,
  count: number,
  minute: number,
  locationId = fx.locations.own.id,
) =>
  call(on, 'POST', '/api/count-sessions/items', {
    cookie: staff,
    body: {
      locationId,
      sessionId,
      items: [{ productId, count, confirmed: false, typedAt: typedAt(minute) }],
    },
  });

const release = async (count: number) => {
  while (held.length < count) await Bun.sleep(10);
  for (const { go } of held.splice(0, count)) go();
};

/** Lets the held save of one café go. */
const releaseCafe = (locationId: number) => {
  const index = held.findIndex((entry) => entry.locationId === locationId);
  if (index === -1) throw new Error(`No save of café ${locationId} is held`);
  held.splice(index, 1)[0]?.go();
};

test(
  'a save that waited too long while the database was answering is a 503 server_busy that wrote nothing',
  async () => {
    const own = fx.locations.own.id;
    const sibling = fx.locations.sibling.id;
    await db.query('INSERT INTO user_locations (user_id, location_id) VALUES ($1, $2)', [
      fx.users.staff.id,
      sibling,
    ]);
    // A count's first save opens its session; it is not one of the grouped saves.
    const opened = await save(app, null, fx.products.beans, 1, 0);
    const openedNext = await save(app, null, fx.products.beans, 1, 0, sibling);
    expect([opened.status, openedNext.status]).toEqual([200, 200]);
    const sessionId = (opened.json as { countSession: { id: number } }).countSession.id;
    const siblingSessionId = (openedNext.json as { countSession: { id: number } }).countSession.id;

    const busy = testApp(savesHeld(db));
    const underWay = [
      save(busy, sessionId, fx.products.milk, 2, 1),
      save(busy, siblingSessionId, fx.products.cups, 3, 2, sibling),
    ];
    while (held.length < 2) await Bun.sleep(10);
    const queued = Array.from({ length: 32 }, (_, n) =>
      save(busy, sessionId, fx.products.milk, 10 + n, 3 + n / 100),
    );
    // The server's clock for the wait is the monotonic one (performance.now()); the wall clock may step.
    const sentLast = performance.now();
    const last = save(busy, sessionId, fx.products.syrup, 4, 4);

    await Bun.sleep(SAVE_QUEUE_MAX_WAIT_MS / 2);
    releaseCafe(own);
    const refused = await last;
    const waited = performance.now() - sentLast;
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(apiErrorSchema.parse(refused.json)).toEqual({
      code: 'server_busy',
      message: ERROR_CATALOGUE.server_busy.message,
    });
    expect(waited).toBeGreaterThanOrEqual(SAVE_QUEUE_MAX_WAIT_MS);

    // The other café's held call and the group of 32 are answered; the refused save was never sent.
    await release(2);
    const answered = await Promise.all([...underWay, ...queued]);
    expect(answered.map((res) => res.status)).toEqual(answered.map(() => 200));
    expect(held).toHaveLength(0);
    const stored = await db.query<{ product_id: number; count: number }>(
      'SELECT product_id, count FROM count_items WHERE session_id = $1 ORDER BY product_id',
      [sessionId],
    );
    expect(stored).toEqual(
      [
        { product_id: fx.products.beans, count: 1 },
        { product_id: fx.products.milk, count: 41 },
      ].sort((a, b) => a.product_id - b.product_id),
    );
    const [cups] = await db.query<{ count: number }>(
      'SELECT count FROM count_items WHERE session_id = $1 AND product_id = $2',
      [siblingSessionId, fx.products.cups],
    );
    expect(Number(cups?.count)).toBe(3);

    // The queue is empty again: the next save goes to the database at once and is kept.
    const after = save(busy, sessionId, fx.products.syrup, 4, 5);
    await release(1);
    expect((await after).status).toBe(200);
  },
  SAVE_QUEUE_MAX_WAIT_MS + 20_000,
);
