import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { apiErrorSchema, countCompletionSchema, inventoryResponseSchema } from '@engine/api-schemas.ts';
import {
  clearCountResponseSchema,
  confirmCountItemsResponseSchema,
  MAX_BATCH_ITEMS,
  saveCountItemsResponseSchema,
  startCountResponseSchema,
} from '@engine/counting-schemas.ts';
import type { Fixture } from './fixtures.ts';
import { call } from './http.ts';
import { openTestWorld, type TestApp } from './test-world.ts';

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

/** Typed times in the recent past, minutes apart, so the server's clock never clamps them. */
const BASE = Date.now() - 60 * 60_000;
const typed = (minute: number) => new Date(BASE + minute * 60_000).toISOString();

interface Item {
  productId: number;
  count: number | null;
  confirmed?: boolean;
  typedAt: string;
}

const save = (sessionId: number | null, items: Item[], cookie = staff) =>
  call(app, 'POST', '/api/count-sessions/items', {
    cookie,
    body: { locationId: own, sessionId, items: items.map((item) => ({ confirmed: false, ...item })) },
  });

async function saved(sessionId: number | null, items: Item[], cookie = staff) {
  const res = await save(sessionId, items, cookie);
  if (res.status !== 200) throw new Error(`save answered ${res.status}: ${res.text}`);
  return saveCountItemsResponseSchema.parse(res.json);
}

async function inventory() {
  const res = await call(app, 'GET', `/api/inventory?locationId=${own}`, { cookie: staff });
  const body = inventoryResponseSchema.parse(res.json);
  return { ...body, byId: new Map(body.items.map((item) => [item.productId, item])) };
}

async function storedItems(): Promise<{ session_id: number; product_id: number; count: number | null }[]> {
  return db.query('SELECT session_id, product_id, count FROM count_items ORDER BY session_id, product_id');
}

const complete = (cookie = manager) =>
  call(app, 'POST', '/api/count-completions/complete', { cookie, body: { locationId: own } });

describe('POST /api/count-sessions/items', () => {
  test('the first save opens a count session; the counts show in GET /api/inventory', async () => {
    const body = await saved(null, [
      { productId: fx.products.milk, count: 3.5, typedAt: typed(1) },
      { productId: fx.products.beans, count: 0, confirmed: true, typedAt: typed(1) },
    ]);
    expect(body.applied.sort()).toEqual([fx.products.milk, fx.products.beans].sort());
    expect(body.superseded).toEqual([]);
    expect(body.countSession).toMatchObject({ startedBy: 'Sam Staff', clearedAt: null });

    const inv = await inventory();
    expect(inv.countSession?.id).toBe(body.countSession.id);
    expect(inv.byId.get(fx.products.milk)).toMatchObject({
      count: 3.5,
      confirmed: false,
      countedBy: 'Sam Staff',
      typedAt: typed(1),
    });
    expect(inv.byId.get(fx.products.beans)).toMatchObject({ count: 0, confirmed: true });

    const audit = await db.query<{ action: string; actor_id: number; location_id: number }>(
      'SELECT action, actor_id, location_id FROM audit_log ORDER BY id',
    );
    // The batch of two items is one entry (decision 047).
    expect(audit.map((row) => row.action).sort()).toEqual(['count.items', 'count.open']);
    expect(audit.every((row) => row.actor_id === fx.users.staff.id && row.location_id === own)).toBe(true);
  });

  test('last typed value wins: an older edit arriving later is superseded and answered with the stored value', async () => {
    const first = await saved(null, [{ productId: fx.products.milk, count: 3, typedAt: typed(5) }]);
    const late = await saved(first.countSession.id, [
      { productId: fx.products.milk, count: 9, typedAt: typed(4) },
      { productId: fx.products.cups, count: 12, typedAt: typed(4) },
    ]);
    expect(late.applied).toEqual([fx.products.cups]);
    expect(late.superseded).toEqual([fx.products.milk]);
    expect(late.items.find((item) => item.productId === fx.products.milk)).toMatchObject({
      count: 3,
      typedAt: typed(5),
    });
    expect((await inventory()).byId.get(fx.products.milk)?.count).toBe(3);
  });

  test('of several edits of one product in a batch, the latest typed counts', async () => {
    const body = await saved(null, [
      { productId: fx.products.milk, count: 1, typedAt: typed(3) },
      { productId: fx.products.milk, count: 2, typedAt: typed(7) },
      { productId: fx.products.milk, count: 3, typedAt: typed(5) },
    ]);
    expect(body.items).toHaveLength(1);
    expect((await inventory()).byId.get(fx.products.milk)?.count).toBe(2);
  });

  test('two devices counting one location at once keep each other’s items', async () => {
    const { countSession } = await saved(null, [
      { productId: fx.products.syrup, count: 1, typedAt: typed(1) },
    ]);
    const [a, b] = await Promise.all([
      save(countSession.id, [
        { productId: fx.products.milk, count: 4, typedAt: typed(10) },
        { productId: fx.products.beans, count: 2, typedAt: typed(10) },
      ]),
      save(
        countSession.id,
        [
          { productId: fx.products.cups, count: 30, typedAt: typed(11) },
          { productId: fx.products.syrup, count: 2, typedAt: typed(11) },
        ],
        manager,
      ),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const inv = await inventory();
    expect(
      [fx.products.milk, fx.products.beans, fx.products.cups, fx.products.syrup].map(
        (id) => inv.byId.get(id)?.count,
      ),
    ).toEqual([4, 2, 30, 2]);
    // Two people counted the café: each item names its own counter.
    expect(inv.byId.get(fx.products.cups)?.countedBy).toBe('Mia Manager');
    expect(inv.byId.get(fx.products.milk)?.countedBy).toBe('Sam Staff');
  });

  test('the same item from two devices at once: the later typed value wins whatever arrives last', async () => {
    const { countSession } = await saved(null, [
      { productId: fx.products.syrup, count: 1, typedAt: typed(1) },
    ]);
    const results = await Promise.all([
      save(countSession.id, [{ productId: fx.products.milk, count: 8, typedAt: typed(21) }]),
      save(countSession.id, [{ productId: fx.products.milk, count: 5, typedAt: typed(20) }], manager),
    ]);
    expect(results.map((res) => res.status)).toEqual([200, 200]);
    expect((await inventory()).byId.get(fx.products.milk)?.count).toBe(8);
  });

  test('a batch typed against a session that is no longer open: 409 count_session_changed, nothing written', async () => {
    const { countSession } = await saved(null, [
      { productId: fx.products.milk, count: 1, typedAt: typed(1) },
    ]);
    const started = await call(app, 'POST', '/api/count-sessions/start', {
      cookie: manager,
      body: { locationId: own },
    });
    const newSession = startCountResponseSchema.parse(started.json).countSession.id;

    const stale = await save(countSession.id, [
      { productId: fx.products.cups, count: 6, typedAt: typed(30) },
    ]);
    expect(stale.status).toBe(409);
    expect(stale.json).toEqual({
      code: 'count_session_changed',
      message: 'A new count was started on another device. Reload to see the new count; nothing was saved.',
      details: { sentSessionId: countSession.id, openSessionId: newSession },
    });
    expect(await storedItems()).toEqual([
      { session_id: countSession.id, product_id: fx.products.milk, count: 1 },
    ]);
  });

  test('a session id when no session is open at all: 409 as well', async () => {
    const res = await save(123_456, [{ productId: fx.products.milk, count: 1, typedAt: typed(1) }]);
    expect(res.status).toBe(409);
    expect(apiErrorSchema.parse(res.json).code).toBe('count_session_changed');
    expect(await db.query('SELECT 1 FROM count_sessions')).toEqual([]);
  });

  test('a batch with one bad row changes nothing (400 naming it)', async () => {
    const { countSession } = await saved(null, [
      { productId: fx.products.milk, count: 1, typedAt: typed(1) },
    ]);
    const res = await save(countSession.id, [
      { productId: fx.products.milk, count: 2, typedAt: typed(2) },
      { productId: fx.products.cups, count: -1, typedAt: typed(2) },
    ]);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: 'validation_failed',
      message: `The count of product ${fx.products.cups} cannot be negative`,
      details: [{ path: 'items.1.count' }],
    });
    expect((await inventory()).byId.get(fx.products.milk)?.count).toBe(1);
  });

  test('an unknown product refuses the whole batch, naming it; the valid rows are rolled back', async () => {
    const { countSession } = await saved(null, [
      { productId: fx.products.milk, count: 1, typedAt: typed(1) },
    ]);
    const auditBefore = await db.query('SELECT 1 FROM audit_log');
    const res = await save(countSession.id, [
      { productId: fx.products.milk, count: 2, typedAt: typed(2) },
      { productId: 987_654, count: 1, typedAt: typed(2) },
    ]);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: 'validation_failed',
      message: 'Product 987654 does not exist; nothing was saved.',
    });
    expect((await inventory()).byId.get(fx.products.milk)?.count).toBe(1);
    expect(await db.query('SELECT 1 FROM audit_log')).toHaveLength(auditBefore.length);
  });

  test('bad input is a 400 a person can read', async () => {
    const cases: [unknown, string][] = [
      [{ locationId: own, items: [] }, 'sessionId is required'],
      [{ locationId: own, sessionId: null, items: [] }, 'Send at least one item'],
      [
        {
          locationId: own,
          sessionId: null,
          items: [{ productId: 1, count: 1, confirmed: false, typedAt: 'now' }],
        },
        'typedAt must be a date and time such as 2025-03-01T14:05:00.000Z',
      ],
      [
        {
          locationId: own,
          sessionId: null,
          items: [{ productId: 1, count: 0.3, confirmed: false, typedAt: typed(1) }],
        },
        'The count of product 1 must be a whole number or end in .25, .5 or .75',
      ],
      [
        {
          locationId: own,
          sessionId: null,
          items: [{ productId: 1, count: 100_001, confirmed: false, typedAt: typed(1) }],
        },
        'The count of product 1 must be at most 100,000',
      ],
      [
        {
          locationId: own,
          sessionId: null,
          items: Array.from({ length: MAX_BATCH_ITEMS + 1 }, (_, i) => ({
            productId: i + 1,
            count: 1,
            confirmed: false,
            typedAt: typed(1),
          })),
        },
        `Send at most ${MAX_BATCH_ITEMS} items at a time`,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await call(app, 'POST', '/api/count-sessions/items', { cookie: staff, body });
      expect({ status: res.status, message: apiErrorSchema.parse(res.json).message }).toEqual({
        status: 400,
        message,
      });
    }
    expect(await db.query('SELECT 1 FROM count_sessions')).toEqual([]);
  });

  test('a role without count_inventory is refused (403) before anything is written', async () => {
    await db.query(
      `DELETE FROM role_permissions WHERE role_key = 'staff' AND permission_key = 'count_inventory'`,
    );
    try {
      const res = await save(null, [{ productId: fx.products.milk, count: 1, typedAt: typed(1) }]);
      expect(res.status).toBe(403);
      expect(apiErrorSchema.parse(res.json).message).toBe('You do not have permission to count inventory.');
    } finally {
      await db.query(
        `INSERT INTO role_permissions (role_key, permission_key) VALUES ('staff', 'count_inventory')`,
      );
    }
    expect(await db.query('SELECT 1 FROM count_sessions')).toEqual([]);
  });

  test('a location outside the user’s scope is refused before anything is written', async () => {
    const res = await call(app, 'POST', '/api/count-sessions/items', {
      cookie: staff,
      body: {
        locationId: fx.locations.foreign.id,
        sessionId: null,
        items: [{ productId: fx.products.milk, count: 1, confirmed: false, typedAt: typed(1) }],
      },
    });
    expect(res.status).toBe(403);
    expect(await db.query('SELECT 1 FROM count_sessions')).toEqual([]);
  });
});

describe('edited after confirmation and the completion guard', () => {
  test('changing a confirmed count marks it; completing is refused with the count; re-confirming clears it', async () => {
    const { countSession } = await saved(null, [
      { productId: fx.products.milk, count: 2, confirmed: true, typedAt: typed(1) },
      { productId: fx.products.beans, count: 1, confirmed: true, typedAt: typed(1) },
      { productId: fx.products.cups, count: 5, confirmed: true, typedAt: typed(1) },
    ]);
    const edit = await saved(countSession.id, [
      { productId: fx.products.milk, count: 3, typedAt: typed(2) },
      { productId: fx.products.beans, count: 4, typedAt: typed(2) },
    ]);
    expect(edit.items.map((item) => [item.confirmed, item.editedAfterConfirm])).toEqual([
      [true, true],
      [true, true],
    ]);
    expect((await inventory()).byId.get(fx.products.milk)).toMatchObject({
      count: 3,
      editedAfterConfirm: true,
    });

    const refused = await complete();
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({
      code: 'reconfirmation_required',
      details: { title: 'Re-confirmation Required', editedAfterConfirmation: 2 },
    });

    // One item re-confirmed by typing it again with the checkbox, the other by "confirm".
    const reconfirmed = await saved(countSession.id, [
      { productId: fx.products.milk, count: 3, confirmed: true, typedAt: typed(3) },
    ]);
    expect(reconfirmed.items[0]).toMatchObject({ confirmed: true, editedAfterConfirm: false });
    expect((await complete()).json).toMatchObject({ details: { editedAfterConfirmation: 1 } });

    const confirm = await call(app, 'POST', '/api/count-sessions/confirm', {
      cookie: manager,
      body: { locationId: own, sessionId: countSession.id, productIds: [fx.products.beans] },
    });
    expect(confirm.status).toBe(200);
    expect(confirmCountItemsResponseSchema.parse(confirm.json)).toMatchObject({
      sessionId: countSession.id,
      confirmed: [fx.products.beans],
      items: [{ productId: fx.products.beans, count: 4, confirmed: true, editedAfterConfirm: false }],
    });
    const done = await complete();
    expect(done.status).toBe(201);
    expect(countCompletionSchema.parse(done.json).itemsCounted).toBe(3);
  });

  test('confirm without productIds confirms every counted item', async () => {
    const { countSession } = await saved(null, [
      { productId: fx.products.milk, count: 2, typedAt: typed(1) },
      { productId: fx.products.beans, count: 1, typedAt: typed(1) },
      { productId: fx.products.cups, count: null, typedAt: typed(1) },
    ]);
    const res = await call(app, 'POST', '/api/count-sessions/confirm', {
      cookie: staff,
      body: { locationId: own, sessionId: countSession.id },
    });
    expect(confirmCountItemsResponseSchema.parse(res.json).confirmed.sort()).toEqual(
      [fx.products.milk, fx.products.beans].sort(),
    );
    const inv = await inventory();
    expect(inv.byId.get(fx.products.cups)?.confirmed).toBe(false);
    const audit = await db.query(`SELECT 1 FROM audit_log WHERE action = 'count.confirm'`);
    expect(audit).toHaveLength(2);
  });

  test('confirming a session that is no longer open: 409 count_session_changed', async () => {
    const res = await call(app, 'POST', '/api/count-sessions/confirm', {
      cookie: staff,
      body: { locationId: own, sessionId: 55_555 },
    });
    expect(res.status).toBe(409);
    expect(apiErrorSchema.parse(res.json).code).toBe('count_session_changed');
  });
});

describe('POST /api/count-sessions/clear', () => {
  test('clears items and confirmations but keeps the session; edits typed before the clear stay cleared', async () => {
    const { countSession } = await saved(null, [
      { productId: fx.products.milk, count: 2, confirmed: true, typedAt: typed(1) },
      { productId: fx.products.beans, count: 1, typedAt: typed(1) },
    ]);
    const res = await call(app, 'POST', '/api/count-sessions/clear', {
      cookie: staff,
      body: { locationId: own, sessionId: countSession.id },
    });
    expect(res.status).toBe(200);
    const body = clearCountResponseSchema.parse(res.json);
    expect(body.countSession?.id).toBe(countSession.id);
    expect(body.itemsCleared).toBe(2);
    expect(body.countSession?.clearedAt).not.toBeNull();

    const inv = await inventory();
    expect(inv.countSession).toMatchObject({ id: countSession.id, clearedAt: body.countSession?.clearedAt });
    expect(inv.items.every((item) => item.count === null && !item.confirmed)).toBe(true);

    // A device that was offline replays an edit typed before the clear, and one typed after it.
    const afterClear = new Date(Date.parse(body.countSession?.clearedAt ?? '') + 1000).toISOString();
    const replay = await saved(countSession.id, [
      { productId: fx.products.milk, count: 7, typedAt: typed(2) },
      { productId: fx.products.cups, count: 3, typedAt: afterClear },
    ]);
    expect(replay.superseded).toEqual([fx.products.milk]);
    expect(replay.applied).toEqual([fx.products.cups]);

    const audit = await db.query<{ before: { items: unknown[] }; after: unknown }>(
      `SELECT before, after FROM audit_log WHERE action = 'count.clear'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before.items).toHaveLength(2);
    expect(audit[0]?.after).toEqual({ itemsCleared: 2 });
  });

  test('the completion guard then judges only the new counts', async () => {
    const { countSession } = await saved(null, [
      { productId: fx.products.milk, count: 2, confirmed: true, typedAt: typed(1) },
    ]);
    await saved(countSession.id, [{ productId: fx.products.milk, count: 3, typedAt: typed(2) }]);
    expect((await complete()).status).toBe(409);
    await call(app, 'POST', '/api/count-sessions/clear', { cookie: staff, body: { locationId: own } });
    expect((await complete()).json).toMatchObject({ code: 'nothing_counted' });
    await saved(countSession.id, [
      { productId: fx.products.cups, count: 4, confirmed: true, typedAt: new Date().toISOString() },
    ]);
    expect((await complete()).status).toBe(201);
  });

  test('a completed count is not cleared: 409 pointing to Start Count', async () => {
    await saved(null, [{ productId: fx.products.milk, count: 2, confirmed: true, typedAt: typed(1) }]);
    expect((await complete()).status).toBe(201);
    const res = await call(app, 'POST', '/api/count-sessions/clear', {
      cookie: staff,
      body: { locationId: own },
    });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ code: 'already_completed' });
    expect((res.json as { message: string }).message).toMatch(
      /^This count was already completed by Mia Manager today at \d\d:\d\d, so its counts are kept\. Start a new count to count again\.$/,
    );
    expect(await storedItems()).toHaveLength(1);
  });

  test('with no open session there is nothing to clear; a stale session id is a 409', async () => {
    const none = await call(app, 'POST', '/api/count-sessions/clear', {
      cookie: staff,
      body: { locationId: own },
    });
    expect(clearCountResponseSchema.parse(none.json)).toEqual({
      locationId: own,
      countSession: null,
      itemsCleared: 0,
    });
    const stale = await call(app, 'POST', '/api/count-sessions/clear', {
      cookie: staff,
      body: { locationId: own, sessionId: 4242 },
    });
    expect(stale.status).toBe(409);
    expect(apiErrorSchema.parse(stale.json).code).toBe('count_session_changed');
  });
});

describe('POST /api/count-sessions/start', () => {
  test('closes the open session, opens an empty one and deactivates the active completion', async () => {
    const { countSession } = await saved(null, [
      { productId: fx.products.milk, count: 2, confirmed: true, typedAt: typed(1) },
    ]);
    const completion = countCompletionSchema.parse((await complete()).json);
    const activePath = `/api/count-completions/active/${own}`;
    expect((await call(app, 'GET', activePath, { cookie: staff })).status).toBe(200);

    const res = await call(app, 'POST', '/api/count-sessions/start', {
      cookie: staff,
      body: { locationId: own },
    });
    expect(res.status).toBe(201);
    const started = startCountResponseSchema.parse(res.json);
    expect(started).toMatchObject({
      closedSessionId: countSession.id,
      deactivatedCompletionId: completion.id,
    });
    expect(started.countSession.id).not.toBe(countSession.id);

    expect((await call(app, 'GET', activePath, { cookie: staff })).status).toBe(404);
    const inv = await inventory();
    expect(inv.countSession?.id).toBe(started.countSession.id);
    expect(inv.items.every((item) => item.count === null)).toBe(true);
    // The old count stays as history, and the completion guard sees the new session's items.
    expect(await db.query(`SELECT status FROM count_sessions WHERE id = $1`, [countSession.id])).toEqual([
      { status: 'closed' },
    ]);
    expect((await complete()).json).toMatchObject({ code: 'nothing_counted' });
    await saved(started.countSession.id, [
      { productId: fx.products.cups, count: 1, confirmed: true, typedAt: typed(2) },
    ]);
    expect((await complete()).status).toBe(201);

    const audit = await db.query<{ action: string; entity_id: string }>(
      `SELECT action, entity_id FROM audit_log WHERE action = 'count.start'`,
    );
    expect(audit).toEqual([{ action: 'count.start', entity_id: String(started.countSession.id) }]);
  });

  test('two starts at the same moment leave exactly one open session', async () => {
    const results = await Promise.all([
      call(app, 'POST', '/api/count-sessions/start', { cookie: staff, body: { locationId: own } }),
      call(app, 'POST', '/api/count-sessions/start', { cookie: manager, body: { locationId: own } }),
    ]);
    expect(results.map((res) => res.status)).toEqual([201, 201]);
    expect(await db.query(`SELECT 1 FROM count_sessions WHERE status = 'open'`)).toHaveLength(1);
  });

  test('a start naming the count its screen showed does not wipe a count started since: 409, nothing closed', async () => {
    const { countSession: shown } = await saved(null, [
      { productId: fx.products.milk, count: 2, typedAt: typed(1) },
    ]);
    const start = (cookie: string) =>
      call(app, 'POST', '/api/count-sessions/start', {
        cookie,
        body: { locationId: own, replacing: shown.id },
      });
    // Both managers looked at the same count; the first press starts the new one and staff count into it.
    const first = await start(manager);
    expect(first.status).toBe(201);
    const { countSession: fresh } = startCountResponseSchema.parse(first.json);
    await saved(fresh.id, [{ productId: fx.products.cups, count: 5, typedAt: typed(2) }]);

    const second = await start(staff);
    expect(second.status).toBe(409);
    expect(second.json).toEqual({
      code: 'count_session_changed',
      message:
        'A new count was already started at this café after this screen read it; nothing was cleared, and what was typed in it is kept. The screen now shows that count.',
      details: { sentSessionId: shown.id, openSessionId: fresh.id },
    });
    expect((await inventory()).countSession?.id).toBe(fresh.id);
    expect((await inventory()).byId.get(fx.products.cups)?.count).toBe(5);
  });

  test('the same start sent twenty times at once opens one new count', async () => {
    const { countSession: shown } = await saved(null, [
      { productId: fx.products.milk, count: 2, typedAt: typed(1) },
    ]);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(app, 'POST', '/api/count-sessions/start', {
          cookie: manager,
          body: { locationId: own, replacing: shown.id },
        }),
      ),
    );
    expect(results.map((res) => res.status).sort()).toEqual([201, ...Array(19).fill(409)]);
    expect(await db.query('SELECT 1 FROM count_sessions')).toHaveLength(2);
  });

  test('replacing must be a count id or null', async () => {
    for (const replacing of ['7', -1, 1.5]) {
      const res = await call(app, 'POST', '/api/count-sessions/start', {
        cookie: manager,
        body: { locationId: own, replacing },
      });
      expect(res.status).toBe(400);
    }
  });

  test('first saves from two devices at the same moment open one session between them', async () => {
    const results = await Promise.all([
      save(null, [{ productId: fx.products.milk, count: 1, typedAt: typed(1) }]),
      save(null, [{ productId: fx.products.cups, count: 2, typedAt: typed(1) }], manager),
    ]);
    expect(results.map((res) => res.status)).toEqual([200, 200]);
    const sessions = await db.query<{ id: number }>('SELECT id FROM count_sessions');
    expect(sessions).toHaveLength(1);
    const sessionIds = (await storedItems()).map((row) => row.session_id);
    expect(sessionIds).toEqual(sessions.flatMap((session) => [session.id, session.id]));
  });
});
