import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import {
  type CountFixture,
  createCountFixture,
  openFreshCountSession,
} from '@db/testing/count-session-fixture.ts';
import { untilWaitingForLock } from '@db/testing/lock-wait.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { saveCountBatch } from './count-items.ts';

// saveCountBatch (migration 0014, decision 042): the autosave's lock, checks and upsert in one call.
let db: Db;
let fixture: CountFixture;
let locationId: number;
let userId: number;
let sessionId: number;
const productIds: number[] = [];

const at = (minute: number) => new Date(Date.UTC(2025, 2, 1, 14, minute)).toISOString();

beforeAll(async () => {
  db = await openTestDb();
  fixture = await createCountFixture(db, 5);
  ({ locationId, userId } = fixture);
  productIds.push(...fixture.productIds);
});
afterAll(() => db.close());
beforeEach(async () => {
  sessionId = await openFreshCountSession(db, fixture);
});

const written = async () => ({
  items: await db.query('SELECT product_id FROM count_items'),
  audit: await db.query('SELECT action FROM audit_log'),
});

const edit = (productId: number, count: number, minute = 20) => ({
  productId,
  count,
  confirmed: false,
  typedAt: at(minute),
});

describe('saveCountBatch', () => {
  test('saves into the open session and answers with it and every item', async () => {
    const [a, b] = productIds as [number, number];
    const outcome = await saveCountBatch(db, {
      locationId,
      sessionId,
      actorId: userId,
      edits: [edit(a, 2), edit(b, 3)],
    });
    expect(outcome.outcome).toBe('saved');
    if (outcome.outcome !== 'saved') return;
    expect(outcome.session).toMatchObject({ id: sessionId, startedBy: 'Sam Staff', clearedAt: null });
    expect(outcome.items.map((item) => [item.productId, item.applied, item.state.count])).toEqual([
      [a, true, 2],
      [b, true, 3],
    ]);
    expect((await written()).audit).toEqual([{ action: 'count.items' }]);
  });

  test('a session id that is not the open one: session_changed naming the open one, nothing written', async () => {
    const outcome = await saveCountBatch(db, {
      locationId,
      sessionId: sessionId + 1000,
      actorId: userId,
      edits: [edit(productIds[0] ?? 0, 2)],
    });
    expect(outcome).toEqual({ outcome: 'session_changed', openSessionId: sessionId });
    expect(await written()).toEqual({ items: [], audit: [] });
  });

  test('no open session: no_session, nothing written and no session opened', async () => {
    await db.query(`UPDATE count_sessions SET status = 'closed', closed_at = now()`);
    const outcome = await saveCountBatch(db, {
      locationId,
      sessionId: null,
      actorId: userId,
      edits: [edit(productIds[0] ?? 0, 2)],
    });
    expect(outcome).toEqual({ outcome: 'no_session' });
    expect(await written()).toEqual({ items: [], audit: [] });
    expect(await db.query(`SELECT id FROM count_sessions WHERE status = 'open'`)).toEqual([]);
  });

  test('an unknown product: unknown_products naming it, and the known items are not written either', async () => {
    const outcome = await saveCountBatch(db, {
      locationId,
      sessionId,
      actorId: userId,
      edits: [edit(productIds[0] ?? 0, 2), edit(999_999, 1)],
    });
    expect(outcome).toEqual({ outcome: 'unknown_products', productIds: [999_999] });
    expect(await written()).toEqual({ items: [], audit: [] });
  });

  test('edits typed before the session was cleared are superseded, with the clear read from the session', async () => {
    await db.query(`UPDATE count_sessions SET cleared_at = $1 WHERE id = $2`, [at(30), sessionId]);
    const outcome = await saveCountBatch(db, {
      locationId,
      sessionId,
      actorId: userId,
      edits: [edit(productIds[0] ?? 0, 2, 20), edit(productIds[1] ?? 0, 3, 40)],
    });
    if (outcome.outcome !== 'saved') throw new Error(`expected saved, got ${outcome.outcome}`);
    expect(outcome.items.map((item) => item.applied)).toEqual([false, true]);
    expect(outcome.session.clearedAt).toBe(at(30));
  });

  test('a save that waited for the session behind a clear reads the items as the clear left them', async () => {
    // Only PostgreSQL runs two transactions at once; PGlite runs one statement at a time.
    if (db.driver !== 'postgres') return;
    const [product] = productIds as [number];
    await db.query(
      `INSERT INTO count_items (session_id, product_id, count, typed_at) VALUES ($1, $2, 3, $3)`,
      [sessionId, product, at(10)],
    );
    let releaseClear: () => void = () => {};
    const clearMayCommit = new Promise<void>((resolve) => {
      releaseClear = resolve;
    });
    let clearLocked: () => void = () => {};
    const locked = new Promise<void>((resolve) => {
      clearLocked = resolve;
    });
    // "Clear all counts" on another connection, holding the session's lock until told to commit.
    const clear = db.transaction(async (tx) => {
      await tx.query(`SELECT id FROM count_sessions WHERE id = $1 FOR NO KEY UPDATE`, [sessionId]);
      await tx.query('DELETE FROM count_items WHERE session_id = $1', [sessionId]);
      await tx.query(`UPDATE count_sessions SET cleared_at = $1 WHERE id = $2`, [at(15), sessionId]);
      clearLocked();
      await clearMayCommit;
    });
    await locked;
    const save = saveCountBatch(db, {
      locationId,
      sessionId,
      actorId: userId,
      edits: [edit(product, 4, 20)],
    });
    // The save is waiting for the session's row lock: then the clear commits.
    await untilWaitingForLock(db, 'save_count_batch');
    releaseClear();
    await clear;
    const outcome = await save;
    if (outcome.outcome !== 'saved') throw new Error(`expected saved, got ${outcome.outcome}`);
    expect(outcome.session.clearedAt).toBe(at(15));
    expect(outcome.items[0]).toMatchObject({ applied: true, state: { count: 4 } });
    // The item the clear deleted is new to this save: its audit entry has no before-value.
    const [audit] = await db.query<{ before: unknown; after: { items: Record<string, unknown> } }>(
      `SELECT before, after FROM audit_log WHERE action = 'count.items' AND entity_id = $1`,
      [String(sessionId)],
    );
    expect(Object.keys(audit?.after.items ?? {})).toEqual([String(product)]);
    expect(audit?.before).toBeNull();
  });
});
