import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { type Fixture, openCountSession } from './fixtures.ts';
import { call } from './http.ts';
import { openTestWorld, type TestApp } from './test-world.ts';

/*
 * Decision 021: editing a completed count reopens it. The first change after completion takes the completion
 * off (it stays as history), the café has no completed count, Suggest Orders waits, and completing again works.
 */

let db: Db;
let fx: Fixture;
let app: TestApp;
let staff: string;
let manager: string;
let own: number;

beforeAll(async () => {
  ({
    db,
    fx,
    app,
    cookies: { staff, cafeManager: manager },
  } = await openTestWorld(['staff', 'cafeManager']));
  own = fx.locations.own.id;
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.query('DELETE FROM count_completions');
  await db.query('DELETE FROM count_sessions');
  await db.query('DELETE FROM audit_log');
});

const typedNow = () => new Date(Date.now() - 1000).toISOString();

async function completedCount(): Promise<number> {
  const sessionId = await openCountSession(db, own, fx.users.staff.id, [
    { productId: fx.products.milk, count: 2, confirmed: true },
    { productId: fx.products.beans, count: 1, confirmed: false },
  ]);
  const res = await call(app, 'POST', '/api/count-completions/complete', {
    cookie: manager,
    body: { locationId: own },
  });
  expect(res.status).toBe(201);
  return sessionId;
}

const active = () => call(app, 'GET', `/api/count-completions/active/${own}`, { cookie: staff });
const suggest = () => call(app, 'POST', `/api/cart/${own}/suggest`, { cookie: manager });

describe('an edit after completion reopens the count', () => {
  test('a saved count takes the completion off; Suggest Orders waits until it is completed again', async () => {
    const sessionId = await completedCount();
    expect((await active()).status).toBe(200);

    const saved = await call(app, 'POST', '/api/count-sessions/items', {
      cookie: staff,
      body: {
        locationId: own,
        sessionId,
        items: [{ productId: fx.products.milk, count: 5, confirmed: false, typedAt: typedNow() }],
      },
    });
    expect(saved.status).toBe(200);

    expect((await active()).status).toBe(404);
    const refused = await suggest();
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'count_not_completed' });
    const history = await db.query<{ is_active: boolean }>(
      'SELECT is_active FROM count_completions WHERE session_id = $1',
      [sessionId],
    );
    expect(history).toEqual([{ is_active: false }]);
    const audit = await db.query<{ action: string; after: unknown }>(
      "SELECT action, after FROM audit_log WHERE action = 'count.reopen'",
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toEqual({ sessionId, changedProducts: [fx.products.milk] });

    // The same session can be completed again once the edit is confirmed.
    const confirmed = await call(app, 'POST', '/api/count-sessions/confirm', {
      cookie: staff,
      body: { locationId: own, sessionId },
    });
    expect(confirmed.status).toBe(200);
    const again = await call(app, 'POST', '/api/count-completions/complete', {
      cookie: manager,
      body: { locationId: own },
    });
    expect(again.status).toBe(201);
    expect((await active()).status).toBe(200);
    expect((await suggest()).status).toBe(200);
  });

  test('confirming an item of a completed count reopens it too', async () => {
    const sessionId = await completedCount();
    const confirmed = await call(app, 'POST', '/api/count-sessions/confirm', {
      cookie: staff,
      body: { locationId: own, sessionId, productIds: [fx.products.beans] },
    });
    expect(confirmed.status).toBe(200);
    expect((await active()).status).toBe(404);
  });

  test('a save that changes nothing (superseded) leaves the completion alone', async () => {
    const sessionId = await completedCount();
    await db.query('UPDATE count_items SET typed_at = now() WHERE session_id = $1', [sessionId]);
    const stale = await call(app, 'POST', '/api/count-sessions/items', {
      cookie: staff,
      body: {
        locationId: own,
        sessionId,
        items: [
          { productId: fx.products.milk, count: 9, confirmed: false, typedAt: '2000-01-01T00:00:00.000Z' },
        ],
      },
    });
    expect(stale.status).toBe(200);
    expect(stale.json).toMatchObject({ applied: [], superseded: [fx.products.milk] });
    expect((await active()).status).toBe(200);
  });
});
