import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { createApp } from '@bff/app.ts';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { apiErrorSchema } from '@engine/api-schemas.ts';
import {
  cafeOpsResponseSchema,
  opsTrackerResponseSchema,
  saveTaskTicksResponseSchema,
} from '@engine/ops-tracker-schemas.ts';
import { buildFixture, type Fixture, sessionCookieFor } from './fixtures.ts';
import { call, recordingLogger, testConfig } from './http.ts';

// 16:00 on Monday 10 March 2025 in Chicago (CDT since the day before), 21:00 UTC.
const NOW = new Date('2025-03-10T21:00:00Z');
const TODAY = '2025-03-10';
const YESTERDAY = '2025-03-09';

let db: Db;
let fx: Fixture;
let app: ReturnType<typeof createApp>;
let cookie: Record<'staff' | 'cafeManager' | 'districtManager' | 'admin', string>;
let own: number;
let task: Record<'open' | 'tables' | 'fridges' | 'brewer' | 'waste', number>;

const insertTask = async (
  title: string,
  cadence: string,
  weekday: number | null,
  due: string,
  role: string,
) => {
  // Made well before the clock's days, so every day the tests read has them.
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO tasks (title, cadence, weekday, due_time, role_key, created_at)
     VALUES ($1, $2, $3, $4, $5, '2025-01-01T00:00:00Z') RETURNING id`,
    [title, cadence, weekday, due, role],
  );
  if (!row) throw new Error('task not inserted');
  return row.id;
};

beforeAll(async () => {
  db = await openTestDb();
  fx = await buildFixture(db);
  app = createApp({ db, config: testConfig(), logger: recordingLogger(), now: () => NOW });
  cookie = {
    staff: await sessionCookieFor(db, fx.users.staff.id),
    cafeManager: await sessionCookieFor(db, fx.users.cafeManager.id),
    districtManager: await sessionCookieFor(db, fx.users.districtManager.id),
    admin: await sessionCookieFor(db, fx.users.admin.id),
  };
  own = fx.locations.own.id;
  await db.query(`UPDATE locations SET timezone = 'America/Chicago' WHERE id = $1`, [own]);
  // The fixture's cafés are made now; these tests' clock is in 2025, and a café is held to nothing before
  // its first day. They opened with the tasks, well before the days the tests read.
  await db.query(`UPDATE locations SET created_at = '2025-01-01T12:00:00Z'`);
  // Cups are carried with no PAR yet; the syrup being phased out and the retired one are not counted.
  await db.query(
    `INSERT INTO location_products (location_id, product_id, par, lifecycle)
     VALUES ($1, $2, 0, 'active'), ($1, $3, 0, 'phasing_out'), ($1, $4, 0, 'active')`,
    [own, fx.products.cups, fx.products.syrup, fx.products.retired],
  );
  task = {
    open: await insertTask('Open the café', 'daily', null, '07:00', 'staff'),
    tables: await insertTask('Wipe tables', 'daily', null, '20:00', 'staff'),
    fridges: await insertTask('Deep clean fridges', 'weekly', 1, '12:00', 'staff'),
    brewer: await insertTask('Descale brewer', 'weekly', 3, '16:00', 'staff'),
    waste: await insertTask('Review waste log', 'daily', null, '09:00', 'cafe_manager'),
  };
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.query('DELETE FROM task_completions');
  await db.query('DELETE FROM audit_log');
  await db.query('DELETE FROM orders');
  await db.query('DELETE FROM count_completions');
  await db.query('DELETE FROM nightly_counts');
});

const read = async (who: keyof typeof cookie, query = '') => {
  const res = await call(app, 'GET', `/api/cafe-ops?locationId=${own}${query}`, { cookie: cookie[who] });
  if (res.status !== 200) throw new Error(`GET answered ${res.status}: ${res.text}`);
  return cafeOpsResponseSchema.parse(res.json);
};

const tick = (
  who: keyof typeof cookie,
  ticks: { taskId: number; done: boolean; note?: string | null; typedAt: string; asToday?: boolean }[],
  date = TODAY,
  locationId = own,
) => call(app, 'POST', '/api/cafe-ops/ticks', { cookie: cookie[who], body: { locationId, date, ticks } });

const grid = async (who: keyof typeof cookie, query = '') => {
  const res = await call(app, 'GET', `/api/ops-tracker${query}`, { cookie: cookie[who] });
  if (res.status !== 200) throw new Error(`GET answered ${res.status}: ${res.text}`);
  return opsTrackerResponseSchema.parse(res.json);
};

describe('GET /api/cafe-ops', () => {
  test("a barista's Monday in the café's zone: daily tasks and Monday's, by due time, missed ones overdue", async () => {
    const body = await read('staff');
    expect(body).toMatchObject({ locationId: own, today: TODAY, businessDate: TODAY, access: 'today' });
    expect(body.timezone).toBe('America/Chicago');
    expect(body.tasks.map((t) => [t.title, t.dueAt, t.overdue])).toEqual([
      ['Open the café', '2025-03-10T12:00:00.000Z', true],
      ['Deep clean fridges', '2025-03-10T17:00:00.000Z', true],
      ['Wipe tables', '2025-03-11T01:00:00.000Z', false],
    ]);
    expect(body.days).toHaveLength(8);
    expect(body.days[0]).toEqual({ date: TODAY, total: 3, done: 0, closed: false });
  });

  test("a café manager's list adds their own tasks; the routine reads counts, nightly count and orders", async () => {
    await db.query(
      `INSERT INTO orders (number, location_id, created_by, created_at) VALUES ('OPS-1', $1, $2, '2025-03-08T15:00:00Z')`,
      [own, fx.users.cafeManager.id],
    );
    const [sold] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM products WHERE retired_at IS NULL',
    );
    const listed = sold?.n ?? 0;
    await db.query(
      `INSERT INTO count_completions (location_id, completed_by, completed_at, items_counted, is_active)
       VALUES ($1, $2, '2025-03-10T14:00:00Z', $3, true)`,
      [own, fx.users.staff.id, listed],
    );
    const body = await read('cafeManager');
    expect(body.tasks.map((t) => t.title)).toContain('Review waste log');
    expect(body.routine).toEqual({
      countSinceLastOrder: {
        done: true,
        at: '2025-03-10T14:00:00.000Z',
        lastOrderAt: '2025-03-08T15:00:00.000Z',
        products: { counted: listed, listed },
      },
      nightlyCount: { done: false, at: null },
      // Saturday's order was last week's: the week starts on Monday.
      orderThisWeek: { done: false, at: null, weekStart: TODAY },
    });

    // A later count that gave a number to one product is not the count the routine asks for, as on the grid.
    await db.query(
      `INSERT INTO count_completions (location_id, completed_by, completed_at, items_counted, is_active)
       VALUES ($1, $2, '2025-03-10T15:00:00Z', 1, false)`,
      [own, fx.users.staff.id],
    );
    expect((await read('cafeManager')).routine.countSinceLastOrder).toEqual({
      done: false,
      at: '2025-03-10T15:00:00.000Z',
      lastOrderAt: '2025-03-08T15:00:00.000Z',
      products: { counted: 1, listed },
    });
  });

  test('a day to come does not exist yet', async () => {
    const res = await call(app, 'GET', `/api/cafe-ops?locationId=${own}&date=2025-03-11`, {
      cookie: cookie.staff,
    });
    expect(res.status).toBe(400);
  });

  test("another café's checklist is refused", async () => {
    const res = await call(app, 'GET', `/api/cafe-ops?locationId=${fx.locations.sibling.id}`, {
      cookie: cookie.staff,
    });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/cafe-ops/ticks', () => {
  test('a tick records who and when with the note, audited; an untick clears it', async () => {
    const res = await tick('staff', [
      { taskId: task.open, done: true, note: 'Late delivery', typedAt: '2025-03-10T20:50:00Z' },
    ]);
    expect(res.status).toBe(200);
    const saved = saveTaskTicksResponseSchema.parse(res.json);
    expect(saved.applied).toEqual([task.open]);
    expect(saved.tasks[0]).toMatchObject({
      taskId: task.open,
      done: true,
      note: 'Late delivery',
      late: false,
      completedBy: { id: fx.users.staff.id, name: 'Sam Staff' },
    });
    const after = await read('staff');
    expect(after.tasks.find((t) => t.taskId === task.open)).toMatchObject({ done: true, overdue: false });

    await tick('staff', [{ taskId: task.open, done: false, typedAt: '2025-03-10T20:55:00Z' }]);
    const unticked = await read('staff');
    expect(unticked.tasks.find((t) => t.taskId === task.open)).toMatchObject({
      done: false,
      completedBy: null,
      overdue: true,
    });
    const audit = await db.query<{ action: string; actor_id: number }>(
      `SELECT action, actor_id FROM audit_log WHERE entity = 'task_completion' ORDER BY id`,
    );
    expect(audit).toEqual([
      { action: 'task.tick', actor_id: fx.users.staff.id },
      { action: 'task.untick', actor_id: fx.users.staff.id },
    ]);
  });

  test('a note on a task left open is kept, the task still not done, and audited as a note', async () => {
    await db.query(`DELETE FROM audit_log WHERE entity = 'task_completion'`);
    const res = await tick('staff', [
      {
        taskId: task.open,
        done: false,
        note: 'Seal torn, finishing after the rush',
        typedAt: '2025-03-10T21:00:00Z',
      },
    ]);
    expect(res.status).toBe(200);
    const after = (await read('staff')).tasks.find((t) => t.taskId === task.open);
    expect(after).toMatchObject({
      done: false,
      note: 'Seal torn, finishing after the rush',
      completedBy: null,
    });
    const audit = await db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity = 'task_completion' ORDER BY id`,
    );
    expect(audit.map((row) => row.action)).toEqual(['task.note']);
  });

  test('the state typed last wins: a tick typed earlier that arrives later changes nothing', async () => {
    await tick('staff', [{ taskId: task.open, done: false, typedAt: '2025-03-10T20:00:00Z' }]);
    const res = await tick('cafeManager', [
      { taskId: task.open, done: true, typedAt: '2025-03-10T19:00:00Z' },
    ]);
    expect(res.status).toBe(200);
    expect(saveTaskTicksResponseSchema.parse(res.json)).toMatchObject({
      applied: [],
      superseded: [task.open],
    });
    expect((await read('staff')).tasks.find((t) => t.taskId === task.open)?.done).toBe(false);
  });

  test('a tick sent again with the same typedAt is answered applied and changes and audits nothing', async () => {
    const sent = { taskId: task.open, done: true, note: 'Keys left', typedAt: '2025-03-10T20:00:00Z' };
    const first = await tick('staff', [sent]);
    const [stored] = await db.query<{ updatedAt: unknown }>(
      'SELECT updated_at AS "updatedAt" FROM task_completions WHERE task_id = $1',
      [task.open],
    );
    const again = await tick('staff', [sent]);
    expect(again.status).toBe(200);
    const retried = saveTaskTicksResponseSchema.parse(again.json);
    expect(retried).toMatchObject({ applied: [task.open], superseded: [] });
    expect(retried.tasks).toEqual(saveTaskTicksResponseSchema.parse(first.json).tasks);
    const [after] = await db.query<{ updatedAt: unknown }>(
      'SELECT updated_at AS "updatedAt" FROM task_completions WHERE task_id = $1',
      [task.open],
    );
    expect(String(after?.updatedAt)).toBe(String(stored?.updatedAt));
    const audit = await db.query(`SELECT 1 FROM audit_log WHERE entity = 'task_completion'`);
    expect(audit).toHaveLength(1);
  });

  test('another state typed at the same moment as the stored one comes second: superseded', async () => {
    await tick('staff', [{ taskId: task.open, done: true, typedAt: '2025-03-10T20:00:00Z' }]);
    const res = await tick('cafeManager', [
      { taskId: task.open, done: false, typedAt: '2025-03-10T20:00:00Z' },
    ]);
    expect(saveTaskTicksResponseSchema.parse(res.json)).toMatchObject({
      applied: [],
      superseded: [task.open],
      tasks: [{ taskId: task.open, done: true }],
    });
    const audit = await db.query(`SELECT 1 FROM audit_log WHERE entity = 'task_completion'`);
    expect(audit).toHaveLength(1);
  });

  test('300 identical ticks sent at once store one tick and write one audit row', async () => {
    const sent = { taskId: task.open, done: true, note: null, typedAt: '2025-03-10T20:00:00Z' };
    const answers = await Promise.all(Array.from({ length: 300 }, () => tick('staff', [sent])));
    expect(answers.map((res) => res.status)).toEqual(Array(300).fill(200));
    for (const res of answers) {
      expect(saveTaskTicksResponseSchema.parse(res.json)).toMatchObject({
        applied: [task.open],
        superseded: [],
      });
    }
    const audit = await db.query<{ action: string; before: unknown }>(
      `SELECT action, before FROM audit_log WHERE entity = 'task_completion'`,
    );
    expect(audit).toEqual([{ action: 'task.tick', before: null }]);
  });

  test('a tick typed later in the state already stored writes no audit row, and still wins over older ones', async () => {
    await tick('staff', [{ taskId: task.open, done: true, note: 'Done', typedAt: '2025-03-10T19:00:00Z' }]);
    const same = await tick('cafeManager', [
      { taskId: task.open, done: true, note: 'Done', typedAt: '2025-03-10T20:00:00Z' },
    ]);
    expect(saveTaskTicksResponseSchema.parse(same.json)).toMatchObject({
      applied: [task.open],
      tasks: [{ taskId: task.open, done: true, completedBy: { id: fx.users.staff.id } }],
    });
    const audit = await db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity = 'task_completion' ORDER BY id`,
    );
    expect(audit).toEqual([{ action: 'task.tick' }]);
    // An untick typed between the two arrives last: the tick typed at 20:00 is the state typed last.
    const between = await tick('staff', [
      { taskId: task.open, done: false, typedAt: '2025-03-10T19:30:00Z' },
    ]);
    expect(saveTaskTicksResponseSchema.parse(between.json).superseded).toEqual([task.open]);
  });

  test('a tick dated after now counts as typed now, so a later untick still wins', async () => {
    const ahead = await tick('staff', [{ taskId: task.open, done: true, typedAt: '9999-12-31T23:59:59Z' }]);
    expect(saveTaskTicksResponseSchema.parse(ahead.json).applied).toEqual([task.open]);
    const [stored] = await db.query<{ typedAt: unknown }>(
      'SELECT typed_at AS "typedAt" FROM task_completions WHERE task_id = $1',
      [task.open],
    );
    expect(new Date(String(stored?.typedAt)).getTime()).toBe(NOW.getTime());
    // A minute on, the manager unticks it: typed after the stored tick, so it wins.
    const minuteOn = new Date(NOW.getTime() + 60_000);
    const later = createApp({ db, config: testConfig(), logger: recordingLogger(), now: () => minuteOn });
    const undone = await call(later, 'POST', '/api/cafe-ops/ticks', {
      cookie: cookie.cafeManager,
      body: {
        locationId: own,
        date: TODAY,
        ticks: [{ taskId: task.open, done: false, typedAt: minuteOn.toISOString() }],
      },
    });
    expect(saveTaskTicksResponseSchema.parse(undone.json)).toMatchObject({
      applied: [task.open],
      superseded: [],
    });
    expect((await read('staff')).tasks.find((t) => t.taskId === task.open)?.done).toBe(false);
  });

  test("a manager completes yesterday's task late; a barista cannot", async () => {
    const refused = await tick(
      'staff',
      [{ taskId: task.open, done: true, typedAt: '2025-03-10T20:00:00Z' }],
      YESTERDAY,
    );
    expect(refused.status).toBe(409);
    expect(apiErrorSchema.parse(refused.json)).toMatchObject({ code: 'ops_day_closed' });
    expect(apiErrorSchema.parse(refused.json).message).toContain('Only a manager');

    const res = await tick(
      'cafeManager',
      [{ taskId: task.open, done: true, typedAt: '2025-03-10T20:00:00Z' }],
      YESTERDAY,
    );
    expect(res.status).toBe(200);
    const day = await read('cafeManager', `&date=${YESTERDAY}`);
    expect(day.access).toBe('late');
    expect(day.asOf).toBe('2025-03-10T05:00:00.000Z');
    expect(day.tasks.find((t) => t.taskId === task.open)).toMatchObject({
      done: true,
      late: true,
      overdue: false,
    });
    // The barista may look at it.
    expect((await read('staff', `&date=${YESTERDAY}`)).access).toBe('view_only');
  });

  test("a barista's tick typed before midnight that arrives after it is yesterday's, on time", async () => {
    // Typed at 23:50 on Sunday in Chicago by a phone that was offline at closing; sent on Monday.
    const res = await tick(
      'staff',
      [{ taskId: task.tables, done: true, typedAt: '2025-03-10T04:50:00Z' }],
      YESTERDAY,
    );
    expect(res.status).toBe(200);
    const day = await read('staff', `&date=${YESTERDAY}`);
    expect(day.tasks.find((t) => t.taskId === task.tables)).toMatchObject({ done: true, late: false });
  });

  test("a tick typed after midnight on the list shown as today is refused, a manager's too, not filed late", async () => {
    // 00:00:25 on Monday in Chicago: Sunday's list was still on the screen as today.
    const typedAt = '2025-03-10T05:00:25Z';
    for (const who of ['cafeManager', 'staff'] as const) {
      const refused = await tick(
        who,
        [{ taskId: task.tables, done: true, typedAt, asToday: true }],
        YESTERDAY,
      );
      expect(refused.status).toBe(409);
      expect(apiErrorSchema.parse(refused.json)).toMatchObject({
        code: 'ops_day_closed',
        details: { businessDate: YESTERDAY, today: TODAY },
      });
      expect(apiErrorSchema.parse(refused.json).message).toContain(`today is ${TODAY}`);
    }
    const day = await read('cafeManager', `&date=${YESTERDAY}`);
    expect(day.tasks.find((t) => t.taskId === task.tables)).toMatchObject({ done: false, late: false });
    // Typed there before midnight and sent after it (offline at closing): Sunday's, on time.
    const onTime = await tick(
      'staff',
      [{ taskId: task.tables, done: true, typedAt: '2025-03-10T04:59:59Z', asToday: true }],
      YESTERDAY,
    );
    expect(onTime.status).toBe(200);
    // The manager who chose Sunday completes it late.
    const chosen = await tick('cafeManager', [{ taskId: task.open, done: true, typedAt }], YESTERDAY);
    expect(chosen.status).toBe(200);
    expect(
      (await read('cafeManager', `&date=${YESTERDAY}`)).tasks.find((t) => t.taskId === task.open),
    ).toMatchObject({
      done: true,
      late: true,
    });
  });

  test('eight days back is history, even for a manager; a day to come is refused', async () => {
    const old = await tick(
      'admin',
      [{ taskId: task.open, done: true, typedAt: '2025-03-10T20:00:00Z' }],
      '2025-03-02',
    );
    expect(old.status).toBe(409);
    expect(apiErrorSchema.parse(old.json).code).toBe('ops_day_closed');
    const future = await tick(
      'admin',
      [{ taskId: task.open, done: true, typedAt: '2025-03-10T20:00:00Z' }],
      '2025-03-11',
    );
    expect(future.status).toBe(400);
    expect(await db.query('SELECT 1 FROM task_completions')).toEqual([]);
  });

  test("a task not due that day, or not the caller's role's, is refused and nothing is stored", async () => {
    const wednesday = await tick('staff', [
      { taskId: task.open, done: true, typedAt: '2025-03-10T20:00:00Z' },
      { taskId: task.brewer, done: true, typedAt: '2025-03-10T20:00:00Z' },
    ]);
    expect(wednesday.status).toBe(409);
    expect(apiErrorSchema.parse(wednesday.json)).toMatchObject({ code: 'task_not_due' });
    const managersTask = await tick('staff', [
      { taskId: task.waste, done: true, typedAt: '2025-03-10T20:00:00Z' },
    ]);
    expect(managersTask.status).toBe(409);
    expect(await db.query('SELECT 1 FROM task_completions')).toEqual([]);
  });

  test('a task made today is on the checklists from its first due time after it, on no day before', async () => {
    // Made at 16:00 in Chicago (the app's clock): the 09:00 one starts tomorrow, the 18:00 one today.
    const made = async (title: string, dueTime: string) => {
      const res = await call(app, 'POST', '/api/admin/tasks', {
        cookie: cookie.admin,
        body: { title, cadence: 'daily', dueTime },
      });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({ createdAt: NOW.toISOString() });
      return (res.json as { id: number }).id;
    };
    const morning = await made('Check the delivery door', '09:00');
    const evening = await made('Empty the ice bin', '18:00');
    try {
      const today = (await read('staff')).tasks.map((t) => t.taskId);
      expect(today).toContain(evening);
      expect(today).not.toContain(morning);
      const yesterday = await read('cafeManager', `&date=${YESTERDAY}`);
      expect(yesterday.tasks.map((t) => t.taskId)).not.toContain(evening);
      expect(yesterday.days.find((d) => d.date === YESTERDAY)?.total).toBe(3);
      const late = await tick(
        'cafeManager',
        [{ taskId: evening, done: true, typedAt: NOW.toISOString() }],
        YESTERDAY,
      );
      expect(late.status).toBe(409);
      expect(apiErrorSchema.parse(late.json).code).toBe('task_not_due');
      const early = await tick('staff', [{ taskId: morning, done: true, typedAt: NOW.toISOString() }]);
      expect(early.status).toBe(409);
      // The district's grid counts them the same way: one more today, none yesterday.
      const row = async (query: string) =>
        (await grid('districtManager', query)).rows.find((r) => r.location.id === own)?.tasks.total;
      expect(await row('')).toBe(5);
      expect(await row(`?date=${YESTERDAY}`)).toBe(3);
    } finally {
      await db.query('DELETE FROM tasks WHERE id = ANY($1::int[])', [[morning, evening]]);
    }
  });

  test('a task deactivated today stays on the days it fell due before, missed ones included, and leaves the rest', async () => {
    // Made long before; deactivated at 16:00 in Chicago (the app's clock): today's 07:30 was before it, 19:00 after.
    const morning = await insertTask('Restock napkins', 'daily', null, '07:30', 'staff');
    const evening = await insertTask('Count the float', 'daily', null, '19:00', 'staff');
    const ours = (tasks: { taskId: number; overdue: boolean }[]) =>
      tasks.filter((t) => t.taskId === morning || t.taskId === evening).map((t) => [t.taskId, t.overdue]);
    const row = async (query: string) =>
      (await grid('districtManager', query)).rows.find((r) => r.location.id === own)?.tasks.total ?? 0;
    const before = { today: await row(''), yesterday: await row(`?date=${YESTERDAY}`) };
    try {
      for (const id of [morning, evening]) {
        const off = await call(app, 'PATCH', `/api/admin/tasks/${id}`, {
          cookie: cookie.admin,
          body: { active: false },
        });
        expect(off.status).toBe(200);
        expect(off.json).toMatchObject({ active: false, retiredAt: NOW.toISOString() });
      }
      // Yesterday's record keeps both, missed; today keeps the one that fell due before the deactivation.
      expect(ours((await read('cafeManager', `&date=${YESTERDAY}`)).tasks)).toEqual([
        [morning, true],
        [evening, true],
      ]);
      expect(ours((await read('staff')).tasks)).toEqual([[morning, true]]);
      expect(await row(`?date=${YESTERDAY}`)).toBe(before.yesterday);
      expect(await row('')).toBe(before.today - 1);
      // A manager may still complete yesterday's late, as any task of that day.
      const late = await tick(
        'cafeManager',
        [{ taskId: evening, done: true, typedAt: NOW.toISOString() }],
        YESTERDAY,
      );
      expect(late.status).toBe(200);
      // Active again, it has no deactivation and is on today's list once more.
      const on = await call(app, 'PATCH', `/api/admin/tasks/${evening}`, {
        cookie: cookie.admin,
        body: { active: true },
      });
      expect(on.json).toMatchObject({ active: true, retiredAt: null });
      expect(ours((await read('staff')).tasks)).toEqual([
        [morning, true],
        [evening, false],
      ]);
    } finally {
      await db.query('DELETE FROM task_completions WHERE task_id = ANY($1::int[])', [[morning, evening]]);
      await db.query('DELETE FROM tasks WHERE id = ANY($1::int[])', [[morning, evening]]);
    }
  });

  test('a tick made before its task was deactivated stays on the checklist, and can be undone there', async () => {
    // Ticked this morning, deactivated at 16:00 before its 19:00 due time: today's list keeps it for the tick.
    const evening = await insertTask('Count the float', 'daily', null, '19:00', 'staff');
    try {
      const typedAt = new Date(NOW.getTime() - 3_600_000).toISOString();
      expect((await tick('staff', [{ taskId: evening, done: true, typedAt }])).status).toBe(200);
      const off = await call(app, 'PATCH', `/api/admin/tasks/${evening}`, {
        cookie: cookie.admin,
        body: { active: false },
      });
      expect(off.status).toBe(200);
      const onList = async () => (await read('staff')).tasks.some((t) => t.taskId === evening);
      expect(await onList()).toBe(true);
      // The tick was a mistake: undone, the task leaves the list, and cannot be ticked again.
      const untick = await tick('staff', [{ taskId: evening, done: false, typedAt: NOW.toISOString() }]);
      expect(untick.status).toBe(200);
      expect(await onList()).toBe(false);
      const again = await tick('staff', [
        { taskId: evening, done: true, typedAt: new Date(NOW.getTime() + 1).toISOString() },
      ]);
      expect(again.status).toBe(409);
    } finally {
      await db.query('DELETE FROM task_completions WHERE task_id = $1', [evening]);
      await db.query('DELETE FROM tasks WHERE id = $1', [evening]);
    }
  });

  test('a task inactive for a spell and active again is off the days in the spell only, in the checklist and the grid', async () => {
    // Inactive from Wednesday 5 March, 18:00 UTC (noon in Chicago), to Sunday 9 March, 18:00 UTC (13:00 CDT).
    const paused = await insertTask('Restock napkins', 'daily', null, '07:30', 'staff');
    await db.query(
      `UPDATE tasks SET inactive_spells = '{[2025-03-05T18:00:00Z,2025-03-09T18:00:00Z)}' WHERE id = $1`,
      [paused],
    );
    const onDay = async (date: string) =>
      (await read('cafeManager', `&date=${date}`)).tasks.some((t) => t.taskId === paused);
    const gridTotal = async (date: string) =>
      (await grid('districtManager', `?date=${date}`)).rows.find((r) => r.location.id === own)?.tasks.total;
    try {
      // Its 07:30 on the 5th was before the spell began, the 9th's within it, the 10th's after it.
      expect(await onDay('2025-03-05')).toBe(true);
      expect(await onDay('2025-03-06')).toBe(false);
      expect(await onDay('2025-03-09')).toBe(false);
      expect(await onDay(TODAY)).toBe(true);
      // The grid agrees: the 6th and 7th have one task less than the 4th (none of them has a weekly task).
      expect(await gridTotal('2025-03-06')).toBe((await gridTotal('2025-03-07')) ?? -1);
      expect(await gridTotal('2025-03-06')).toBe(((await gridTotal('2025-03-04')) ?? 0) - 1);
      // A day it was off is not one it can be completed on late.
      const late = await tick(
        'cafeManager',
        [{ taskId: paused, done: true, typedAt: NOW.toISOString() }],
        '2025-03-07',
      );
      expect(late.status).toBe(409);
      expect(apiErrorSchema.parse(late.json).code).toBe('task_not_due');
    } finally {
      await db.query('DELETE FROM tasks WHERE id = $1', [paused]);
    }
  });

  test('a task whose schedule is edited keeps its earlier days as they were; the new schedule holds from the edit', async () => {
    const float = await insertTask('Check the float', 'daily', null, '07:00', 'staff');
    const mine = (tasks: { taskId: number; dueTime: string; role: string | null }[]) =>
      tasks.filter((t) => t.taskId === float).map((t) => [t.dueTime, t.role]);
    const gridTasks = async (date: string) =>
      (await grid('districtManager', `?date=${date}`)).rows.find((r) => r.location.id === own)?.tasks;
    const yesterdayBefore = await gridTasks(YESTERDAY);
    const todayBefore = await gridTasks(TODAY);
    if (!todayBefore) throw new Error('The café is not on today’s grid');
    try {
      // At 16:00 today it becomes a café manager's at 20:00.
      const edit = await call(app, 'PATCH', `/api/admin/tasks/${float}`, {
        cookie: cookie.admin,
        body: { dueTime: '20:00', role: 'cafe_manager' },
      });
      expect(edit.status).toBe(200);
      // A title alone is no new schedule.
      await call(app, 'PATCH', `/api/admin/tasks/${float}`, {
        cookie: cookie.admin,
        body: { title: 'Count the float' },
      });
      const [kept] = await db.query<{ n: number }>(
        'SELECT jsonb_array_length(earlier_schedules) AS n FROM tasks WHERE id = $1',
        [float],
      );
      expect(kept?.n).toBe(1);

      // Yesterday stays a barista's task at 07:00, in the checklist and the grid.
      expect(mine((await read('staff', `&date=${YESTERDAY}`)).tasks)).toEqual([['07:00', 'staff']]);
      expect(await gridTasks(YESTERDAY)).toEqual(yesterdayBefore);
      // Today, the day of the edit, is the new schedule's: 20:00 comes after the edit.
      expect(mine((await read('staff')).tasks)).toEqual([]);
      expect(mine((await read('cafeManager')).tasks)).toEqual([['20:00', 'cafe_manager']]);
      // The grid agrees: today's 07:00, overdue before the edit, is now 20:00 and not due yet.
      expect(await gridTasks(TODAY)).toEqual({ ...todayBefore, overdue: todayBefore.overdue - 1 });
      // A barista cannot tick it today any more; a manager completes yesterday's late, by yesterday's schedule.
      const barista = await tick('staff', [{ taskId: float, done: true, typedAt: NOW.toISOString() }]);
      expect(barista.status).toBe(409);
      const late = await tick(
        'cafeManager',
        [{ taskId: float, done: true, typedAt: NOW.toISOString() }],
        YESTERDAY,
      );
      expect(late.status).toBe(200);
    } finally {
      await db.query('DELETE FROM task_completions WHERE task_id = $1', [float]);
      await db.query('DELETE FROM tasks WHERE id = $1', [float]);
    }
  });

  test('a café closed for a spell and open again has nothing due on the days it was closed', async () => {
    // Closed on Thursday 6 March at noon in Chicago, open again on Saturday 8 March at 09:00: the 6th and 7th.
    await db.query(
      `UPDATE locations SET closed_spells = '{[2025-03-06T18:00:00Z,2025-03-08T15:00:00Z)}' WHERE id = $1`,
      [own],
    );
    try {
      const body = await read('cafeManager', '&date=2025-03-07');
      expect(body.tasks).toEqual([]);
      expect(body.days.map((day) => [day.date, day.total > 0])).toEqual([
        [TODAY, true],
        [YESTERDAY, true],
        ['2025-03-08', true],
        ['2025-03-07', false],
        ['2025-03-06', false],
        ['2025-03-05', true],
        ['2025-03-04', true],
        ['2025-03-03', true],
      ]);
      // Those days say the café was closed, which a day before its first day does not.
      expect(body.days.filter((day) => day.closed).map((day) => day.date)).toEqual([
        '2025-03-07',
        '2025-03-06',
      ]);
      // Not on the grid of those days, as before its first day; on the day it opened again.
      const cafesOn = async (date: string) =>
        (await grid('districtManager', `?date=${date}`)).rows.map((r) => r.location.id);
      expect(await cafesOn('2025-03-07')).not.toContain(own);
      expect(await cafesOn('2025-03-08')).toContain(own);
      expect(await cafesOn('2025-03-05')).toContain(own);
      // Nothing to complete late on a closed day.
      const late = await tick(
        'cafeManager',
        [{ taskId: task.tables, done: true, typedAt: NOW.toISOString() }],
        '2025-03-07',
      );
      expect(late.status).toBe(409);
      expect(apiErrorSchema.parse(late.json).code).toBe('task_not_due');
      const onReopening = await tick(
        'cafeManager',
        [{ taskId: task.tables, done: true, typedAt: NOW.toISOString() }],
        '2025-03-08',
      );
      expect(onReopening.status).toBe(200);
    } finally {
      await db.query(`UPDATE locations SET closed_spells = '{}' WHERE id = $1`, [own]);
    }
  });

  test('a bad tick is a 400 naming the field; another café is a 403', async () => {
    const bad = await tick('staff', [
      { taskId: task.open, done: 'yes' as unknown as boolean, typedAt: 'soon' },
    ]);
    expect(bad.status).toBe(400);
    expect(apiErrorSchema.parse(bad.json).message).toMatch(/done|typedAt/);
    const foreign = await tick(
      'staff',
      [{ taskId: task.open, done: true, typedAt: '2025-03-10T20:00:00Z' }],
      TODAY,
      fx.locations.sibling.id,
    );
    expect(foreign.status).toBe(403);
  });
});

describe('GET /api/ops-tracker', () => {
  test('a district manager sees the cafés of their district only; a café manager is refused', async () => {
    const body = await grid('districtManager');
    expect(body.rows.map((row) => row.location.code)).toEqual(['DT', 'HB']);
    expect(body.rows.every((row) => row.district.name === 'North')).toBe(true);
    const refused = await call(app, 'GET', '/api/ops-tracker', { cookie: cookie.cafeManager });
    expect(refused.status).toBe(403);
  });

  test('a day that has begun at none of the cafés is refused with the date to ask for', async () => {
    for (const date of ['2025-03-12', '9999-12-31']) {
      const res = await call(app, 'GET', `/api/ops-tracker?date=${date}`, { cookie: cookie.admin });
      expect(res.status).toBe(400);
      expect(apiErrorSchema.parse(res.json).message).toBe(
        `${date} has not begun yet at any of your cafés (today is ${TODAY}).`,
      );
    }
    expect((await grid('admin', `?date=${TODAY}`)).rows).toHaveLength(3);
    // A blank date is no date, as the reports and the audit log take it: each café's own today.
    expect((await grid('admin', '?date=')).rows.map((row) => row.businessDate)).toEqual([
      TODAY,
      TODAY,
      TODAY,
    ]);
  });

  test('an admin sees every active café, grouped by district', async () => {
    const body = await grid('admin');
    expect(body.rows.map((row) => `${row.district.name}/${row.location.code}`)).toEqual([
      'North/DT',
      'North/HB',
      'South/UP',
    ]);
  });

  test("today's signals: tasks done and overdue, orders waiting, last order, PARs never set", async () => {
    await tick('staff', [{ taskId: task.open, done: true, typedAt: '2025-03-10T20:00:00Z' }]);
    await db.query(
      `INSERT INTO orders (number, location_id, created_by, created_at) VALUES ('OPS-2', $1, $2, '2025-03-09T12:00:00Z')`,
      [own, fx.users.cafeManager.id],
    );
    const row = (await grid('districtManager')).rows.find((r) => r.location.id === own);
    expect(row).toMatchObject({
      businessDate: TODAY,
      dayOver: false,
      asOf: NOW.toISOString(),
      // Every role's tasks: the café manager's waste log too.
      tasks: { total: 4, done: 1, overdue: 2, late: 0 },
      approvals: { waiting: 1, oldestAt: '2025-03-09T12:00:00.000Z' },
      lastOrderAt: '2025-03-09T12:00:00.000Z',
      lastCountAt: null,
      lastCountProducts: null,
      parsNotSet: 1,
    });
    expect(row?.signals).toEqual({
      count: 'red',
      nightly: 'amber',
      tasks: 'amber',
      approvals: 'red',
      lastOrder: 'green',
      pars: 'amber',
    });
  });

  test('a rejected or cancelled order is no last order and orders nothing this week, from when it was decided', async () => {
    const insert = async (number: string, at: string, status: string, decidedAt: string) => {
      const [order] = await db.query<{ id: number }>(
        `INSERT INTO orders (number, location_id, created_by, created_at, status)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [number, own, fx.users.cafeManager.id, at, status],
      );
      await db.query(
        `INSERT INTO order_events (order_id, from_status, to_status, actor_id, created_at)
         VALUES ($1, 'submitted', $2, $3, $4)`,
        [order?.id ?? null, status, fx.users.districtManager.id, decidedAt],
      );
    };
    // Sunday's order went ahead; Monday's was rejected at 13:30, and another cancelled on Monday morning.
    await insert('OPS-5', '2025-03-09T12:00:00Z', 'approved', '2025-03-09T14:00:00Z');
    await insert('OPS-6', '2025-03-10T13:00:00Z', 'rejected', '2025-03-10T13:30:00Z');
    await insert('OPS-7', '2025-03-10T09:00:00Z', 'cancelled', '2025-03-10T09:10:00Z');
    const row = (await grid('districtManager')).rows.find((r) => r.location.id === own);
    expect(row?.lastOrderAt).toBe('2025-03-09T12:00:00.000Z');
    const routine = (await read('cafeManager')).routine;
    expect(routine.orderThisWeek).toEqual({ done: false, at: null, weekStart: TODAY });
    expect(routine.countSinceLastOrder.lastOrderAt).toBe('2025-03-09T12:00:00.000Z');
    // A rejection after the moment read does not count yet: until it, the order was the last one.
    await db.query(
      `UPDATE order_events SET created_at = '2025-03-11T09:00:00Z' WHERE to_status = 'rejected'`,
    );
    expect((await grid('districtManager')).rows.find((r) => r.location.id === own)?.lastOrderAt).toBe(
      '2025-03-10T13:00:00.000Z',
    );
  });

  test('a count that gave a number to under 80% of the products the café lists is amber, and says how many', async () => {
    const complete = (at: string, itemsCounted: number) =>
      db.query(
        `INSERT INTO count_completions (location_id, completed_by, completed_at, items_counted, is_active)
         VALUES ($1, $2, $3, $4, false)`,
        [own, fx.users.cafeManager.id, at, itemsCounted],
      );
    const [sold] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM products WHERE retired_at IS NULL',
    );
    const listed = sold?.n ?? 0;
    const ownRow = async () => (await grid('districtManager')).rows.find((r) => r.location.id === own);

    await complete('2025-03-10T13:00:00Z', 1);
    expect(await ownRow()).toMatchObject({
      lastCountAt: '2025-03-10T13:00:00.000Z',
      lastCountProducts: { counted: 1, listed },
      signals: { count: 'amber' },
    });

    // The latest count is the one judged; counted whole, it is green.
    await complete('2025-03-10T14:00:00Z', listed);
    expect(await ownRow()).toMatchObject({
      lastCountProducts: { counted: listed, listed },
      signals: { count: 'green' },
    });

    // A product the café discontinued is not listed there, so it is not missing from its count.
    await complete('2025-03-10T15:00:00Z', listed - 1);
    // The fixture sells a handful of products, so one left out is more than a fifth of them.
    expect(listed).toBeLessThan(5);
    expect((await ownRow())?.signals.count).toBe('amber');
    await db.query(
      `INSERT INTO location_products (location_id, product_id, par, lifecycle) VALUES ($1, $2, 0, 'discontinued')
       ON CONFLICT (location_id, product_id) DO UPDATE SET lifecycle = 'discontinued'`,
      [own, fx.products.beans],
    );
    try {
      expect(await ownRow()).toMatchObject({
        lastCountProducts: { counted: listed - 1, listed: listed - 1 },
        signals: { count: 'green' },
      });
    } finally {
      await db.query(`DELETE FROM location_products WHERE location_id = $1 AND product_id = $2`, [
        own,
        fx.products.beans,
      ]);
    }
  });

  test('a product nobody set anything for at a café counts as carried with no PAR, as its screens show it', async () => {
    const notSet = async () => new Map((await grid('admin')).rows.map((r) => [r.location.id, r.parsNotSet]));
    const before = await notSet();
    const [added] = await db.query<{ id: number }>(
      `INSERT INTO products (name, cafe_order_category, unit) VALUES ('Oat milk 2 L', 'Dairy', 'carton') RETURNING id`,
    );
    if (!added) throw new Error('product not inserted');
    try {
      const after = await notSet();
      expect([...after]).toEqual([...before].map(([id, n]) => [id, n + 1]));
      // Set for one café, it leaves that café's count only.
      await db.query(`INSERT INTO location_products (location_id, product_id, par) VALUES ($1, $2, 6)`, [
        own,
        added.id,
      ]);
      expect((await notSet()).get(own)).toBe(before.get(own) ?? -1);
    } finally {
      await db.query('DELETE FROM products WHERE id = $1', [added.id]);
    }
  });

  test('an earlier day shows as it ended: what was done after it is late, what was decided after it still waits', async () => {
    // Sunday's tasks: opening done on the day, the tables wiped the next morning (late).
    await db.query(
      `INSERT INTO task_completions (task_id, location_id, business_date, completed_by, completed_at, late)
       VALUES ($1, $3, $4, $5, '2025-03-09T13:00:00Z', false), ($2, $3, $4, $5, '2025-03-10T15:00:00Z', true)`,
      [task.open, task.tables, own, YESTERDAY, fx.users.cafeManager.id],
    );
    const [order] = await db.query<{ id: number }>(
      `INSERT INTO orders (number, location_id, created_by, created_at, status)
       VALUES ('OPS-3', $1, $2, '2025-03-09T12:00:00Z', 'approved') RETURNING id`,
      [own, fx.users.cafeManager.id],
    );
    await db.query(
      `INSERT INTO order_events (order_id, from_status, to_status, actor_id, created_at)
       VALUES ($1, 'submitted', 'approved', $2, '2025-03-10T14:00:00Z')`,
      [order?.id ?? null, fx.users.districtManager.id],
    );
    const body = await grid('districtManager', `?date=${YESTERDAY}`);
    expect(body.date).toBe(YESTERDAY);
    const row = body.rows.find((r) => r.location.id === own);
    expect(row).toMatchObject({
      businessDate: YESTERDAY,
      dayOver: true,
      asOf: '2025-03-10T05:00:00.000Z',
      tasks: { total: 3, done: 1, overdue: 2, late: 1 },
      approvals: { waiting: 1 },
    });
    expect(row?.signals.nightly).toBe('red');
    // Today the order is decided.
    expect((await grid('districtManager')).rows.find((r) => r.location.id === own)?.approvals.waiting).toBe(
      0,
    );
  });
});

describe('a nightly count completed a few minutes after midnight', () => {
  test("is done, late, in the grid and the checklist of its day; today's started count is not done yet", async () => {
    // Sunday's count started at 23:57 in Chicago and completed at 00:02 on Monday; today's is under way.
    await db.query(
      `INSERT INTO nightly_counts (location_id, business_date, created_at, created_by, completed_at, completed_by)
       VALUES ($1, $2, '2025-03-10T04:57:00Z', $4, '2025-03-10T05:02:00Z', $4),
              ($1, $3, '2025-03-10T20:00:00Z', $4, NULL, NULL)`,
      [own, YESTERDAY, TODAY, fx.users.cafeManager.id],
    );
    const past = (await grid('districtManager', `?date=${YESTERDAY}`)).rows.find(
      (r) => r.location.id === own,
    );
    expect(past).toMatchObject({
      dayOver: true,
      asOf: '2025-03-10T05:00:00.000Z',
      nightly: { startedAt: '2025-03-10T04:57:00.000Z', completedAt: '2025-03-10T05:02:00.000Z' },
    });
    expect(past?.signals.nightly).toBe('amber');
    const day = await read('cafeManager', `&date=${YESTERDAY}`);
    expect(day.routine.nightlyCount).toEqual({ done: true, at: '2025-03-10T05:02:00.000Z' });

    const live = (await grid('districtManager')).rows.find((r) => r.location.id === own);
    expect(live?.nightly).toEqual({ startedAt: '2025-03-10T20:00:00.000Z', completedAt: null });
    expect(live?.signals.nightly).toBe('amber');
    expect((await read('cafeManager')).routine.nightlyCount).toEqual({ done: false, at: null });
  });
});

describe('the day the clocks go back', () => {
  test('a task due at 01:30, which happens twice, falls due at the first: the checklist and the grid agree', async () => {
    // 06:00 CST on Sunday 3 November 2024 in Chicago: 01:30 came first at 06:30 UTC (CDT), again at 07:30 (CST).
    const fallBack = createApp({
      db,
      config: testConfig(),
      logger: recordingLogger(),
      now: () => new Date('2024-11-03T12:00:00Z'),
    });
    // Made between the two: after the first 01:30, so the task starts the next day on both screens.
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO tasks (title, cadence, weekday, due_time, role_key, created_at)
       VALUES ('Night float count', 'daily', null, '01:30', 'staff', '2024-11-03T07:00:00Z') RETURNING id`,
    );
    try {
      const checklist = await call(fallBack, 'GET', `/api/cafe-ops?locationId=${own}`, {
        cookie: cookie.staff,
      });
      expect(checklist.status).toBe(200);
      const listed = cafeOpsResponseSchema.parse(checklist.json).tasks.map((t) => t.taskId);
      expect(listed).not.toContain(row?.id);
      const res = await call(fallBack, 'GET', '/api/ops-tracker', { cookie: cookie.districtManager });
      expect(res.status).toBe(200);
      const cafe = opsTrackerResponseSchema.parse(res.json).rows.find((r) => r.location.id === own);
      expect(cafe?.businessDate).toBe('2024-11-03');
      expect(cafe?.tasks.total).toBe(listed.length);
    } finally {
      await db.query('DELETE FROM tasks WHERE id = $1', [row?.id ?? null]);
    }
  });
});
