import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { countCompletionSchema } from '@engine/api-schemas.ts';
import { type Fixture, openCountSession, sessionCookieFor } from './fixtures.ts';
import { call } from './http.ts';
import { openTestWorld, type TestApp } from './test-world.ts';

let db: Db;
let fx: Fixture;
let app: TestApp;
let manager: string;

beforeAll(async () => {
  ({
    db,
    fx,
    app,
    cookies: { cafeManager: manager },
  } = await openTestWorld(['cafeManager']));
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.query('DELETE FROM count_completions');
  await db.query('DELETE FROM count_sessions');
  await db.query('DELETE FROM audit_log');
});

const complete = (body: unknown, cookie = manager) =>
  call(app, 'POST', '/api/count-completions/complete', { cookie, body });

async function activeCompletions(locationId: number): Promise<{ id: number; session_id: number }[]> {
  return db.query('SELECT id, session_id FROM count_completions WHERE location_id = $1 AND is_active', [
    locationId,
  ]);
}

describe('POST /api/count-completions/complete refusals', () => {
  test('no location: 400 with the guard message', async () => {
    for (const body of [{}, { locationId: null }, { locationId: '' }]) {
      const res = await complete(body);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        code: 'location_required',
        message: 'Select a location before completing the count.',
        details: { title: 'Location Required' },
      });
    }
  });

  test('a malformed location id: 400 naming it', async () => {
    const res = await complete({ locationId: 'abc' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: 'validation_failed',
      message: 'locationId must be a whole number',
    });
  });

  test('items edited after confirmation: 409 Re-confirmation Required with their number', async () => {
    await openCountSession(db, fx.locations.own.id, fx.users.staff.id, [
      { productId: fx.products.milk, count: 2, confirmed: true, editedAfterConfirm: true },
      { productId: fx.products.beans, count: 1, confirmed: true, editedAfterConfirm: true },
      { productId: fx.products.cups, count: 5, confirmed: true },
    ]);
    const res = await complete({ locationId: fx.locations.own.id });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      code: 'reconfirmation_required',
      message:
        '2 items were edited after confirmation and must be re-confirmed before completing the count: Espresso Beans (Coffee) and Oat Milk (Dairy).',
      details: {
        title: 'Re-confirmation Required',
        editedAfterConfirmation: 2,
      },
    });
    expect(await activeCompletions(fx.locations.own.id)).toEqual([]);
  });

  test('nothing counted, or no count session at all: 409', async () => {
    const noSession = await complete({ locationId: fx.locations.own.id });
    expect(noSession.status).toBe(409);
    expect(noSession.json).toMatchObject({ code: 'nothing_counted' });

    await openCountSession(db, fx.locations.own.id, fx.users.staff.id, [
      { productId: fx.products.milk, count: null },
    ]);
    const empty = await complete({ locationId: fx.locations.own.id });
    expect(empty.status).toBe(409);
    expect(empty.json).toMatchObject({
      code: 'nothing_counted',
      message: 'Count at least one item before completing the count.',
    });
  });

  test('edits on retired or discontinued products do not block (they have left the count)', async () => {
    await db.query(
      `INSERT INTO location_products (location_id, product_id, lifecycle) VALUES ($1, $2, 'discontinued')`,
      [fx.locations.own.id, fx.products.syrup],
    );
    try {
      await openCountSession(db, fx.locations.own.id, fx.users.staff.id, [
        { productId: fx.products.milk, count: 2, confirmed: true },
        { productId: fx.products.syrup, count: 1, confirmed: true, editedAfterConfirm: true },
        { productId: fx.products.retired, count: 1, confirmed: true, editedAfterConfirm: true },
      ]);
      const res = await complete({ locationId: fx.locations.own.id });
      expect(res.status).toBe(201);
      expect(countCompletionSchema.parse(res.json).itemsCounted).toBe(1);
    } finally {
      await db.query('DELETE FROM location_products WHERE location_id = $1 AND product_id = $2', [
        fx.locations.own.id,
        fx.products.syrup,
      ]);
    }
  });
});

describe('POST /api/count-completions/complete success', () => {
  test('201 with the completion; it becomes the active one, the previous one is kept inactive', async () => {
    const previous = await db.query<{ id: number }>(
      `INSERT INTO count_completions (location_id, items_counted) VALUES ($1, 1) RETURNING id`,
      [fx.locations.own.id],
    );
    const sessionId = await openCountSession(db, fx.locations.own.id, fx.users.staff.id, [
      { productId: fx.products.milk, count: 2, confirmed: true },
      { productId: fx.products.beans, count: 0, confirmed: false },
      { productId: fx.products.cups, count: null },
    ]);
    const res = await complete({ locationId: String(fx.locations.own.id) });
    expect(res.status).toBe(201);
    const completion = countCompletionSchema.parse(res.json);
    expect(completion).toMatchObject({
      locationId: fx.locations.own.id,
      itemsCounted: 2,
      completedBy: { id: fx.users.cafeManager.id, name: 'Mia Manager' },
    });

    expect(await activeCompletions(fx.locations.own.id)).toEqual([
      { id: completion.id, session_id: sessionId },
    ]);
    const old = await db.query<{ is_active: boolean }>(
      'SELECT is_active FROM count_completions WHERE id = $1',
      [previous[0]?.id ?? 0],
    );
    expect(old).toEqual([{ is_active: false }]);

    const active = await call(app, 'GET', `/api/count-completions/active/${fx.locations.own.id}`, {
      cookie: manager,
    });
    expect(countCompletionSchema.parse(active.json).id).toBe(completion.id);

    const audit = await db.query<{
      actor_id: number;
      action: string;
      entity_id: string;
      location_id: number;
    }>('SELECT actor_id, action, entity_id, location_id FROM audit_log');
    expect(audit).toEqual([
      {
        actor_id: fx.users.cafeManager.id,
        action: 'count.complete',
        entity_id: String(completion.id),
        location_id: fx.locations.own.id,
      },
    ]);
  });

  test('completing the same count again: 409 naming who completed it and when', async () => {
    await openCountSession(db, fx.locations.own.id, fx.users.staff.id, [
      { productId: fx.products.milk, count: 2, confirmed: true },
    ]);
    expect((await complete({ locationId: fx.locations.own.id })).status).toBe(201);
    const again = await complete({ locationId: fx.locations.own.id });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'already_completed', details: { title: 'Count Completed' } });
    expect((again.json as { message: string }).message).toMatch(
      /^This count was already completed by Mia Manager today at \d\d:\d\d\.$/,
    );
  });

  test("a count completed on an earlier day is named by its date, in the café's time", async () => {
    const [own] = await db.query<{ timezone: string }>('SELECT timezone FROM locations WHERE id = $1', [
      fx.locations.own.id,
    ]);
    await db.query(`UPDATE locations SET timezone = 'Asia/Tokyo' WHERE id = $1`, [fx.locations.own.id]);
    try {
      await openCountSession(db, fx.locations.own.id, fx.users.staff.id, [
        { productId: fx.products.milk, count: 2, confirmed: true },
      ]);
      expect((await complete({ locationId: fx.locations.own.id })).status).toBe(201);
      // 22:05 UTC is 07:05 the next morning in Tokyo.
      await db.query(`UPDATE count_completions SET completed_at = '2026-03-01T22:05:00Z'`);
      const again = await complete({ locationId: fx.locations.own.id });
      expect(again.status).toBe(409);
      expect(again.json).toMatchObject({
        code: 'already_completed',
        message: 'This count was already completed by Mia Manager on 2026-03-02 at 07:05.',
      });
    } finally {
      await db.query('UPDATE locations SET timezone = $2 WHERE id = $1', [
        fx.locations.own.id,
        own?.timezone ?? 'UTC',
      ]);
    }
  });

  test('two submits at the same moment make exactly one completion', async () => {
    await openCountSession(db, fx.locations.own.id, fx.users.staff.id, [
      { productId: fx.products.milk, count: 2, confirmed: true },
    ]);
    const other = await sessionCookieFor(db, fx.users.districtManager.id);
    const results = await Promise.all([
      complete({ locationId: fx.locations.own.id }),
      complete({ locationId: fx.locations.own.id }, other),
      complete({ locationId: fx.locations.own.id }),
    ]);
    const statuses = results.map((res) => res.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    for (const res of results.filter((r) => r.status === 409)) {
      expect((res.json as { message: string }).message).toMatch(
        /^This count was already completed by \w+ \w+ today/,
      );
    }
    expect(await activeCompletions(fx.locations.own.id)).toHaveLength(1);
    expect(await db.query('SELECT 1 FROM count_completions')).toHaveLength(1);
  });

  test('a location outside scope is refused before anything happens', async () => {
    await openCountSession(db, fx.locations.foreign.id, fx.users.admin.id, [
      { productId: fx.products.milk, count: 2, confirmed: true },
    ]);
    const res = await complete({ locationId: fx.locations.foreign.id });
    expect(res.status).toBe(403);
    expect(await db.query('SELECT 1 FROM count_completions')).toHaveLength(0);
  });
});
