import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createApp } from '@bff/app.ts';
import { RequestStatsRecorder } from '@bff/modules/admin/api-health/request-stats-recorder.ts';
import type { Db } from '@db/client.ts';
import { apiHealthResponseSchema } from '@engine/admin-api-health-schemas.ts';
import { type AuditLogPage, auditLogPageSchema } from '@engine/admin-audit-log-schemas.ts';
import { adminTaskSchema } from '@engine/admin-task-schemas.ts';
import type { Fixture } from './fixtures.ts';
import { call, recordingLogger, testConfig } from './http.ts';
import { expectStaleEditRefused } from './stale-edit.ts';
import { openTestWorld, type TestApp } from './test-world.ts';

let db: Db;
let fx: Fixture;
let app: TestApp;
let admin: string;

beforeAll(async () => {
  ({
    db,
    fx,
    app,
    cookies: { admin },
  } = await openTestWorld(['admin']));
});
afterAll(() => db.close());

const send = (method: string, path: string, body?: unknown) =>
  call(app, method, path, { cookie: admin, body });

describe('tasks', () => {
  test('create, list, edit and deactivate; each write has its audit row', async () => {
    const created = await send('POST', '/api/admin/tasks', {
      title: 'Deep clean fridges',
      cadence: 'weekly',
      weekday: 1,
      dueTime: '16:00',
      role: 'staff',
    });
    expect(created.status).toBe(201);
    const task = adminTaskSchema.parse(created.json);
    expect(task).toMatchObject({
      cadence: 'weekly',
      weekday: 1,
      dueTime: '16:00',
      role: 'staff',
      active: true,
    });

    const daily = await send('PATCH', `/api/admin/tasks/${task.id}`, { cadence: 'daily', dueTime: '07:30' });
    expect(adminTaskSchema.parse(daily.json)).toMatchObject({
      cadence: 'daily',
      weekday: null,
      dueTime: '07:30',
    });

    const off = await send('PATCH', `/api/admin/tasks/${task.id}`, { active: false });
    expect(adminTaskSchema.parse(off.json).active).toBe(false);

    const list = adminTaskSchema.array().parse((await send('GET', '/api/admin/tasks')).json);
    expect(list.find((t) => t.id === task.id)?.active).toBe(false);

    const actions = await db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity = 'task' AND entity_id = $1 ORDER BY id`,
      [String(task.id)],
    );
    expect(actions.map((a) => a.action)).toEqual(['task.create', 'task.update', 'task.deactivate']);
  });

  test('the same task twice is a 409, also when thirty saves of it arrive at once', async () => {
    const body = { title: 'Restock napkins', cadence: 'weekly', weekday: 2, dueTime: '11:00', role: 'staff' };
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => send('POST', '/api/admin/tasks', body)),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, ...Array<number>(29).fill(409)]);
    expect(answers.find((res) => res.status === 409)?.json).toMatchObject({
      message:
        '"Restock napkins" is already a task every Tuesday at 11:00. Edit that one instead of adding it twice.',
    });
    const again = await send('POST', '/api/admin/tasks', { ...body, title: 'restock NAPKINS' });
    expect(again.status).toBe(409);
    // Another time, day or role is another task; editing one into the first is refused too.
    const other = await send('POST', '/api/admin/tasks', { ...body, dueTime: '15:00' });
    expect(other.status).toBe(201);
    const { id } = adminTaskSchema.parse(other.json);
    expect((await send('PATCH', `/api/admin/tasks/${id}`, { dueTime: '11:00' })).status).toBe(409);
    // A deactivated one is history, so the same task may be made again.
    await send('PATCH', `/api/admin/tasks/${id}`, { active: false });
    const first = answers.find((res) => res.status === 201)?.json as { id: number };
    await send('PATCH', `/api/admin/tasks/${first.id}`, { active: false });
    expect((await send('POST', '/api/admin/tasks', body)).status).toBe(201);
    const rows = await db.query(`SELECT 1 FROM tasks WHERE lower(title) = 'restock napkins' AND active`);
    expect(rows).toHaveLength(1);
  });

  test('an edit made against a task changed since is refused, and changes nothing', async () => {
    const created = adminTaskSchema.parse(
      (
        await send('POST', '/api/admin/tasks', {
          title: 'Descale the steam wands',
          cadence: 'daily',
          dueTime: '08:00',
        })
      ).json,
    );
    await expectStaleEditRefused({
      what: 'task',
      read: async () =>
        adminTaskSchema
          .array()
          .parse((await send('GET', '/api/admin/tasks')).json)
          .find((task) => task.id === created.id),
      patch: (body) => send('PATCH', `/api/admin/tasks/${created.id}`, body),
      first: { dueTime: '09:00' },
      second: { title: 'Descale the wands', dueTime: '15:00' },
      snapshot: () => db.query('SELECT count(*)::int AS n FROM audit_log'),
    });
  });

  test('schedule rules and bad values are 400s; nothing is written', async () => {
    const before = await db.query('SELECT * FROM tasks ORDER BY id');
    const create = (body: unknown) => send('POST', '/api/admin/tasks', body);
    expect((await create({ title: 'x', cadence: 'weekly', dueTime: '09:00' })).json).toMatchObject({
      code: 'validation_failed',
      message: 'A weekly task needs a weekday (0–6).',
    });
    expect((await create({ title: 'x', cadence: 'daily', dueTime: '9am' })).json).toMatchObject({
      message: 'The due time must be a 24-hour time like 07:30 or 17:00',
    });
    expect((await create({ title: ' ', cadence: 'daily', dueTime: '09:00' })).json).toMatchObject({
      message: 'A task title must not be empty',
    });
    const [daily] = await db.query<{ id: number }>(
      `INSERT INTO tasks (title, cadence, due_time) VALUES ('Wipe tables', 'daily', '09:00') RETURNING id`,
    );
    const afterInsert = await db.query('SELECT * FROM tasks ORDER BY id');
    expect((await send('PATCH', `/api/admin/tasks/${daily?.id}`, { cadence: 'weekly' })).json).toMatchObject({
      message: 'A weekly task needs a weekday (0–6).',
    });
    expect((await send('PATCH', '/api/admin/tasks/999999', { active: false })).status).toBe(404);
    expect(await db.query('SELECT * FROM tasks ORDER BY id')).toEqual(afterInsert);
    expect(afterInsert).toHaveLength(before.length + 1);
  });
});

describe('GET /api/admin/api-health', () => {
  test('database latency, uptime, version, recent requests and errors, Square not configured', async () => {
    const logger = recordingLogger();
    const requestStats = new RequestStatsRecorder({ db, logger, instanceId: 'health-test' });
    const failing: Db = {
      ...db,
      // One failing query makes a genuine 500 through the whole stack.
      query: (text, params) =>
        text.includes('FROM products') && text.includes('retired_at IS NULL')
          ? Promise.reject(new Error('disk on fire'))
          : db.query(text, params),
    };
    const healthApp = createApp({ db: failing, config: testConfig(), logger, requestStats });
    await db.query('DELETE FROM request_stats');

    expect((await call(healthApp, 'GET', '/api/auth/user', { cookie: admin })).status).toBe(200);
    expect((await call(healthApp, 'GET', '/api/nowhere', { cookie: admin })).status).toBe(404);
    expect((await call(healthApp, 'GET', '/api/products', { cookie: admin })).status).toBe(500);
    // Load-balancer probes are not counted.
    expect((await call(healthApp, 'GET', '/api/health')).status).toBe(200);

    // Elysia runs after-response hooks with setImmediate, after the answer is sent; immediates run in the
    // order they were queued, so one queued now runs after every hook of the requests above.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const res = await call(healthApp, 'GET', '/api/admin/api-health', { cookie: admin });
    expect(res.status).toBe(200);
    const health = apiHealthResponseSchema.parse(res.json);
    expect(health.database.ok).toBe(true);
    expect(health.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(health.database.driver).toBe(db.driver);
    expect(health.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(health.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(health.requests).toEqual({ windowMinutes: 15, total: 3, errors: 1, errorRate: 0.3333 });
    expect(health.square).toEqual({
      configured: false,
      mode: 'not_configured',
      label: 'Square is not connected',
      reachable: null,
      latencyMs: null,
      message: null,
    });
    expect(await db.query('SELECT instance_id, requests, errors FROM request_stats')).toEqual([
      { instance_id: 'health-test', requests: 3, errors: 1 },
    ]);
    expect(logger.errors).toEqual(['Unhandled error on GET /api/products: disk on fire']);
  });
});

describe('RequestStatsRecorder', () => {
  test('counts per minute, adds to rows other flushes wrote, and keeps counts when a flush fails', async () => {
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    let clock = minute + 30_000;
    let down = false;
    const flaky: Db = {
      ...db,
      query: (text, params) => (down ? Promise.reject(new Error('connection lost')) : db.query(text, params)),
    };
    const logger = recordingLogger();
    const stats = new RequestStatsRecorder({ db: flaky, logger, instanceId: 'unit', now: () => clock });
    await db.query('DELETE FROM request_stats');

    stats.record(200);
    stats.record(503);
    clock += 60_000;
    stats.record(404);
    await stats.flush();
    stats.record(500);
    down = true;
    await stats.flush();
    await stats.flush();
    expect(logger.errors).toEqual(['Request statistics could not be saved; will retry: connection lost']);
    down = false;
    await stats.stop();

    const rows = await db.query<{ minute: Date; requests: number; errors: number }>(
      `SELECT minute, requests, errors FROM request_stats WHERE instance_id = 'unit' ORDER BY minute`,
    );
    expect(rows.map((r) => [new Date(r.minute).getTime(), r.requests, r.errors])).toEqual([
      [minute, 2, 1],
      [minute + 60_000, 2, 1],
    ]);
  });
});

describe('GET /api/admin/audit-log', () => {
  const page = async (query: string): Promise<AuditLogPage> => {
    const res = await send('GET', `/api/admin/audit-log${query}`);
    expect(res.status).toBe(200);
    return auditLogPageSchema.parse(res.json);
  };

  test('newest first with actor and location names; filters; keyset pages that do not overlap', async () => {
    await db.query('DELETE FROM audit_log');
    // Entries written by the app itself, plus a batch with one timestamp to page through ties.
    await send('POST', '/api/admin/districts', { name: 'East' });
    await send('PATCH', `/api/admin/locations/${fx.locations.own.id}`, { name: 'Downtown Central' });
    await db.query(
      `INSERT INTO audit_log (actor_id, action, entity, entity_id, location_id, created_at)
       SELECT $1, 'par.update', 'location_product', g::text, $2, '2026-01-15T12:00:00Z'
         FROM generate_series(1, 5) AS g`,
      [fx.users.cafeManager.id, fx.locations.sibling.id],
    );

    const all = await page('');
    expect(all.entries.map((e) => e.action)).toEqual([
      'location.update',
      'district.create',
      'par.update',
      'par.update',
      'par.update',
      'par.update',
      'par.update',
    ]);
    expect(all.entries[0]).toMatchObject({
      actor: { id: fx.users.admin.id, name: 'Ada Admin' },
      entity: 'location',
      location: { id: fx.locations.own.id, name: 'Downtown Central' },
      before: { name: 'Downtown' },
      after: { name: 'Downtown Central' },
    });
    expect(all.nextCursor).toBeNull();

    const byEntity = await page(`?entity=location_product&actorId=${fx.users.cafeManager.id}`);
    expect(byEntity.entries).toHaveLength(5);
    expect(byEntity.entries[0]?.actor?.name).toBe('Mia Manager');
    expect((await page(`?locationId=${fx.locations.own.id}`)).entries.map((e) => e.action)).toEqual([
      'location.update',
    ]);
    expect((await page('?from=2026-01-15&to=2026-01-16')).entries).toHaveLength(5);
    expect((await page('?to=2026-01-15T12:00:00Z')).entries).toEqual([]);
    expect((await page('?entity=&actorId=')).entries).toHaveLength(7);

    // Pages of two through entries sharing one timestamp: every entry exactly once, in order.
    const seen: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const next: AuditLogPage = await page(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...next.entries.map((e) => e.id));
      cursor = next.nextCursor;
    }
    expect(seen).toEqual(all.entries.map((e) => e.id));
  });

  test('bad filters are 400s naming the field', async () => {
    const bad = async (query: string) => (await send('GET', `/api/admin/audit-log${query}`)).json;
    expect(await bad('?actorId=me')).toMatchObject({
      code: 'validation_failed',
      message: 'actorId must be a whole number',
    });
    expect(await bad('?limit=1000')).toMatchObject({ message: 'limit must be at most 200' });
    expect(await bad('?from=tomorrow')).toMatchObject({
      message: 'from must be a date like 2026-03-01 or a time like 2026-03-01T08:00:00Z',
    });
    expect(await bad('?cursor=bm90LWEtY3Vyc29y')).toMatchObject({
      message: 'cursor is not valid; start again from the first page',
    });
  });

  test('the entity list offers what the log holds', async () => {
    const res = await send('GET', '/api/admin/audit-log/entities');
    expect(res.json).toEqual(['district', 'location', 'location_product']);
  });

  test('entries a microsecond apart within one millisecond: each on its page once (PostgreSQL kept milliseconds)', async () => {
    await db.query('DELETE FROM audit_log');
    await db.query(
      `INSERT INTO audit_log (action, entity, entity_id, created_at)
       SELECT 'par.update', 'location_product', g::text, '2026-01-20T10:00:00.000100Z'::timestamptz + g * interval '1 microsecond'
         FROM generate_series(1, 4) AS g`,
    );
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const next: AuditLogPage = await page(`?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...next.entries.map((e) => e.entityId ?? ''));
      cursor = next.nextCursor;
    }
    expect(seen).toEqual(['4', '3', '2', '1']);
  });

  test('each entry names its record as it is called now; an id that names nothing reads no name', async () => {
    await db.query('DELETE FROM audit_log');
    const rows: [string, string | null][] = [
      ['product', String(fx.products.milk)],
      ['location_product', `${fx.locations.own.id}:${fx.products.syrup}`],
      ['user', String(fx.users.cafeManager.id)],
      ['location', String(fx.locations.sibling.id)],
      ['cart', String(fx.locations.own.id)],
      ['role', 'staff'],
      ['product', 'abc'],
      ['product', '99999999999'],
      ['location_product', `${fx.locations.own.id}:x`],
      ['user', '999999'],
      ['count_session', '1'],
      ['category', null],
    ];
    for (const [entity, entityId] of rows) {
      await db.query(`INSERT INTO audit_log (action, entity, entity_id) VALUES ('test.name', $1, $2)`, [
        entity,
        entityId,
      ]);
    }
    const names = (await page('')).entries.map((e) => [e.entity, e.entityId, e.entityName]).toReversed();
    const [own, sibling] = await db.query<{ name: string }>(
      'SELECT name FROM locations WHERE id IN ($1, $2) ORDER BY id = $1 DESC',
      [fx.locations.own.id, fx.locations.sibling.id],
    );
    const [role] = await db.query<{ name: string }>(`SELECT name FROM roles WHERE key = 'staff'`);
    expect(names).toEqual(
      rows.map(([entity, entityId], index) => [
        entity,
        entityId,
        ['Oat Milk', 'Vanilla Syrup', 'Mia Manager', sibling?.name, own?.name, role?.name][index] ?? null,
      ]),
    );
  });

  test('each entry names the products its maps are keyed by, and only those', async () => {
    await db.query('DELETE FROM audit_log');
    await db.query(
      `INSERT INTO audit_log (action, entity, entity_id, before, after) VALUES
         ('cart.items', 'cart', '1', $1::jsonb, $2::jsonb),
         ('count.items', 'count_session', '1', NULL, $3::jsonb),
         ('product.update', 'product', $4, $5::jsonb, $5::jsonb)`,
      [
        { quantities: { [fx.products.milk]: 2 } },
        { quantities: { [fx.products.milk]: 3, [fx.products.syrup]: 1, 99999999: 4 } },
        { items: { [fx.products.syrup]: { count: 5 } } },
        String(fx.products.milk),
        { name: 'Oat Milk', unitCost: 4 },
      ],
    );
    const names = (await page('')).entries.map((e) => [e.action, e.productNames]).toReversed();
    expect(names).toEqual([
      ['cart.items', { [fx.products.milk]: 'Oat Milk', [fx.products.syrup]: 'Vanilla Syrup' }],
      ['count.items', { [fx.products.syrup]: 'Vanilla Syrup' }],
      ['product.update', {}],
    ]);
  });
});
