import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { type CountFixture, createCountFixture } from '@db/testing/count-session-fixture.ts';
import { untilWaitingForLock } from '@db/testing/lock-wait.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { openCountAndSaveBatch } from './count-items.ts';

// openCountAndSaveBatch (migration 0027, decision 069): a café's first autosave opens its count in the same call.
let db: Db;
let fixture: CountFixture;
let locationId: number;
let userId: number;
const productIds: number[] = [];

const at = (minute: number) => new Date(Date.UTC(2025, 2, 1, 14, minute)).toISOString();
const edit = (productId: number, count: number, minute = 20) => ({
  productId,
  count,
  confirmed: false,
  typedAt: at(minute),
});

beforeAll(async () => {
  db = await openTestDb();
  fixture = await createCountFixture(db, 4);
  ({ locationId, userId } = fixture);
  productIds.push(...fixture.productIds);
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.query('DELETE FROM count_completions');
  await db.query('DELETE FROM count_sessions');
  await db.query('DELETE FROM audit_log');
});

const openSessions = () =>
  db.query<{ id: number; started_by: number }>(
    `SELECT id, started_by FROM count_sessions WHERE status = 'open' ORDER BY id`,
  );
const written = async () => ({
  sessions: await db.query('SELECT id FROM count_sessions'),
  items: await db.query('SELECT product_id FROM count_items'),
  audit: await db.query('SELECT action FROM audit_log'),
  activeCompletions: await db.query('SELECT id FROM count_completions WHERE is_active'),
});

/** A completed earlier count, whose completion is the café's active one. */
async function completedEarlierCount(): Promise<number> {
  const [closed] = await db.query<{ id: number }>(
    `INSERT INTO count_sessions (location_id, started_by, status, closed_at)
     VALUES ($1, $2, 'closed', now()) RETURNING id`,
    [locationId, userId],
  );
  const [completion] = await db.query<{ id: number }>(
    `INSERT INTO count_completions (location_id, session_id, completed_by, items_counted)
     VALUES ($1, $2, $3, 1) RETURNING id`,
    [locationId, closed?.id ?? 0, userId],
  );
  return completion?.id ?? 0;
}

describe('openCountAndSaveBatch', () => {
  test('opens the count, deactivates the completion, records count.open and saves the batch into it', async () => {
    const completionId = await completedEarlierCount();
    const [a, b] = productIds as [number, number];
    const outcome = await openCountAndSaveBatch(db, {
      locationId,
      actorId: userId,
      edits: [edit(a, 2), edit(b, 3.25)],
    });
    if (outcome.outcome !== 'saved') throw new Error(`expected saved, got ${outcome.outcome}`);
    const [opened] = await openSessions();
    expect(opened).toEqual({ id: outcome.session.id, started_by: userId });
    expect(outcome.session).toMatchObject({ startedBy: 'Sam Staff', clearedAt: null });
    expect(outcome.items.map((item) => [item.productId, item.applied, item.state.count])).toEqual([
      [a, true, 2],
      [b, true, 3.25],
    ]);
    expect(await db.query('SELECT id FROM count_completions WHERE is_active')).toEqual([]);
    const audit = await db.query<{ action: string; entity_id: string; before: unknown; after: unknown }>(
      'SELECT action, entity_id, before, after FROM audit_log ORDER BY id',
    );
    expect(audit).toEqual([
      {
        action: 'count.open',
        entity_id: String(outcome.session.id),
        before: null,
        after: {
          sessionId: outcome.session.id,
          closedSessionId: null,
          deactivatedCompletionId: completionId,
        },
      },
      expect.objectContaining({ action: 'count.items', entity_id: String(outcome.session.id) }),
    ]);
  });

  test('a count opened meanwhile by another device: saves into it and opens none', async () => {
    const [existing] = await db.query<{ id: number }>(
      'INSERT INTO count_sessions (location_id, started_by) VALUES ($1, $2) RETURNING id',
      [locationId, userId],
    );
    const outcome = await openCountAndSaveBatch(db, {
      locationId,
      actorId: userId,
      edits: [edit(productIds[0] ?? 0, 5)],
    });
    expect(outcome.outcome === 'saved' && outcome.session.id).toBe(existing?.id ?? -1);
    expect((await openSessions()).map((row) => row.id)).toEqual([existing?.id ?? -1]);
    expect(await db.query('SELECT action FROM audit_log')).toEqual([{ action: 'count.items' }]);
  });

  test('an unknown product: unknown_products naming it, and no count is opened', async () => {
    await completedEarlierCount();
    const before = await written();
    const outcome = await openCountAndSaveBatch(db, {
      locationId,
      actorId: userId,
      edits: [edit(productIds[0] ?? 0, 2), edit(999_999, 1)],
    });
    expect(outcome).toEqual({ outcome: 'unknown_products', productIds: [999_999] });
    expect(await written()).toEqual(before);
  });

  test('access changed since the request was admitted: access_changed, and no count is opened', async () => {
    const [epoch] = await db.query<{ n: string }>('SELECT n::text FROM access_epoch');
    const outcome = await openCountAndSaveBatch(db, {
      locationId,
      actorId: userId,
      edits: [edit(productIds[0] ?? 0, 2)],
      accessEpoch: String(BigInt(epoch?.n ?? '0') - 1n),
    });
    expect(outcome).toEqual({ outcome: 'access_changed' });
    expect(await written()).toEqual({ sessions: [], items: [], audit: [], activeCompletions: [] });

    const admitted = await openCountAndSaveBatch(db, {
      locationId,
      actorId: userId,
      edits: [edit(productIds[0] ?? 0, 2)],
      accessEpoch: epoch?.n ?? null,
    });
    expect(admitted.outcome).toBe('saved');
  });

  test('a first save behind another device opening the count waits for it and saves into its count', async () => {
    // Only PostgreSQL runs two transactions at once; PGlite runs one statement at a time.
    if (db.driver !== 'postgres') return;
    let releaseOpener: () => void = () => {};
    const openerMayCommit = new Promise<void>((resolve) => {
      releaseOpener = resolve;
    });
    let openerReady: () => void = () => {};
    const ready = new Promise<void>((resolve) => {
      openerReady = resolve;
    });
    // Another device's first save on another connection: the café locked and a count inserted, not yet committed.
    let openedId = 0;
    const opener = db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM locations WHERE id = $1 FOR NO KEY UPDATE', [locationId]);
      const [row] = await tx.query<{ id: number }>(
        'INSERT INTO count_sessions (location_id, started_by) VALUES ($1, $2) RETURNING id',
        [locationId, userId],
      );
      openedId = row?.id ?? 0;
      openerReady();
      await openerMayCommit;
    });
    await ready;
    const save = openCountAndSaveBatch(db, {
      locationId,
      actorId: userId,
      edits: [edit(productIds[0] ?? 0, 7)],
    });
    await untilWaitingForLock(db, 'open_count_and_save_batch');
    releaseOpener();
    await opener;
    const outcome = await save;
    expect(outcome.outcome === 'saved' && outcome.session.id).toBe(openedId);
    expect((await openSessions()).map((row) => row.id)).toEqual([openedId]);
    expect(await db.query(`SELECT 1 FROM audit_log WHERE action = 'count.open'`)).toEqual([]);
  });

  test('first saves sent at once open one count and keep every item', async () => {
    const outcomes = await Promise.all(
      productIds.map((productId, index) =>
        openCountAndSaveBatch(db, { locationId, actorId: userId, edits: [edit(productId, index + 1)] }),
      ),
    );
    const sessionIds = new Set(
      outcomes.map((outcome) => (outcome.outcome === 'saved' ? outcome.session.id : 0)),
    );
    expect(sessionIds.size).toBe(1);
    expect((await openSessions()).map((row) => row.id)).toEqual([...sessionIds]);
    expect(
      await db.query(
        'SELECT product_id AS "productId", count::float8 AS count FROM count_items ORDER BY product_id',
      ),
    ).toEqual(productIds.map((productId, index) => ({ productId, count: index + 1 })));
    expect(await db.query(`SELECT 1 FROM audit_log WHERE action = 'count.open'`)).toHaveLength(1);
  });
});
