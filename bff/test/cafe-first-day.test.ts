import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createApp } from '@bff/app.ts';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';
import { businessDateIn } from '@engine/business-date.ts';
import { cafeOpsResponseSchema, opsTrackerResponseSchema } from '@engine/ops-tracker-schemas.ts';
import { reportResponseSchema } from '@engine/reports/report-definitions.ts';
import { buildFixture, type Fixture, sessionCookieFor } from './fixtures.ts';
import { call, recordingLogger, testConfig } from './http.ts';

/**
 * A café is held to nothing before its first day, the date of its creation on its own clock (decision 106):
 * no counts, nightly counts or tasks due, in the reports or the ops trackers.
 */

// 16:00 on Monday 10 March 2025 in Chicago, 21:00 UTC: the ops trackers' clock.
const NOW = new Date('2025-03-10T21:00:00Z');
const TODAY = '2025-03-10';
const DAY = 86_400_000;

let db: Db;
let fx: Fixture;
let app: ReturnType<typeof createApp>;
let admin: string;
/** Made today at 10:00 in Chicago; made on Friday 7 March (three days before today) at noon. */
let cafe: Record<'today' | 'friday', number>;

const insertCafe = async (name: string, code: string, createdAt: string, timezone: string) => {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO locations (name, code, district_id, timezone, created_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [name, code, fx.districts.north, timezone, createdAt],
  );
  if (!row) throw new Error('café not inserted');
  return row.id;
};

beforeAll(async () => {
  db = await openTestDb();
  fx = await buildFixture(db);
  app = createApp({ db, config: testConfig(), logger: recordingLogger(), now: () => NOW });
  admin = await sessionCookieFor(db, fx.users.admin.id);
  cafe = {
    today: await insertCafe('Opened Today', 'OT', '2025-03-10T15:00:00Z', 'America/Chicago'),
    friday: await insertCafe('Opened Friday', 'OF', '2025-03-07T18:00:00Z', 'America/Chicago'),
  };
  // Two daily tasks made long before, for everyone.
  await db.query(
    `INSERT INTO tasks (title, cadence, weekday, due_time, role_key, created_at)
     VALUES ('Open up', 'daily', NULL, '07:00', 'staff', '2025-01-01T00:00:00Z'),
            ('Close up', 'daily', NULL, '20:00', 'staff', '2025-01-01T00:00:00Z')`,
  );
});
afterAll(() => db.close());

const cafeOps = async (locationId: number, query = '') => {
  const res = await call(app, 'GET', `/api/cafe-ops?locationId=${locationId}${query}`, { cookie: admin });
  if (res.status !== 200) throw new Error(`GET answered ${res.status}: ${res.text}`);
  return cafeOpsResponseSchema.parse(res.json);
};

const gridCodes = async (query = '') => {
  const res = await call(app, 'GET', `/api/ops-tracker${query}`, { cookie: admin });
  if (res.status !== 200) throw new Error(`GET answered ${res.status}: ${res.text}`);
  return opsTrackerResponseSchema
    .parse(res.json)
    .rows.map((row) => row.location.code)
    .filter((code) => code === 'OT' || code === 'OF');
};

describe('the Cafe Ops Tracker', () => {
  test('a café made today has no tasks on the days before it: they show 0 of 0, today its tasks', async () => {
    const body = await cafeOps(cafe.today);
    expect(body.days.map((day) => [day.date, day.total])).toEqual([
      [TODAY, 2],
      ['2025-03-09', 0],
      ['2025-03-08', 0],
      ['2025-03-07', 0],
      ['2025-03-06', 0],
      ['2025-03-05', 0],
      ['2025-03-04', 0],
      ['2025-03-03', 0],
    ]);
    // Its first day is whole: the 07:00 task is due on it though the café was made at 10:00.
    expect(body.tasks.map((task) => task.title)).toEqual(['Open up', 'Close up']);
    expect((await cafeOps(cafe.today, '&date=2025-03-09')).tasks).toEqual([]);
  });

  test('a café made three days ago is held to its tasks from its first day on', async () => {
    const body = await cafeOps(cafe.friday);
    expect(body.days.map((day) => day.total)).toEqual([2, 2, 2, 2, 0, 0, 0, 0]);
    expect(body.days.slice(1).every((day) => day.done === 0)).toBe(true);
    expect((await cafeOps(cafe.friday, '&date=2025-03-07')).tasks).toHaveLength(2);
    expect((await cafeOps(cafe.friday, '&date=2025-03-06')).tasks).toEqual([]);
  });
});

describe('the District Ops Tracker', () => {
  test('a past day’s grid leaves out a café that did not exist yet; today’s holds every café', async () => {
    expect(await gridCodes()).toEqual(['OF', 'OT']);
    expect(await gridCodes(`?date=${TODAY}`)).toEqual(['OF', 'OT']);
    expect(await gridCodes('?date=2025-03-09')).toEqual(['OF']);
    expect(await gridCodes('?date=2025-03-07')).toEqual(['OF']);
    expect(await gridCodes('?date=2025-03-06')).toEqual([]);
  });
});

describe('count compliance', () => {
  // The reports run on the server's own clock: these cafés are made relative to it, in UTC.
  const addDays = (day: string, days: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
  const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
  let today: string;
  let ids: Record<'today' | 'threeDays', number>;

  beforeAll(async () => {
    const now = new Date();
    today = businessDateIn(now, 'UTC');
    ids = {
      today: await insertCafe('Report Today', 'RT', now.toISOString(), 'UTC'),
      threeDays: await insertCafe('Report Three', 'R3', `${addDays(today, -3)}T12:00:00Z`, 'UTC'),
    };
  });

  const compliance = async (locationId: number) => {
    const from = addDays(today, -27);
    const res = await call(
      app,
      'GET',
      `/api/reports/count-compliance?from=${from}&to=${today}&locations=${locationId}`,
      { cookie: admin },
    );
    if (res.status !== 200) throw new Error(`GET answered ${res.status}: ${res.text}`);
    return reportResponseSchema('count-compliance').parse(res.json).rows;
  };

  test('a café made today owes nothing for the weeks before: only this week, with its count due', async () => {
    const rows = await compliance(ids.today);
    expect(rows.map((row) => [row.weekStart, row.countsDue, row.nightlyDue])).toEqual([
      [mondayOf(today), 1, 0],
    ]);
  });

  test('a café made three days ago owes its nightly counts and weekly counts from its first day on', async () => {
    const rows = await compliance(ids.threeDays);
    const openDays = [-3, -2, -1, 0].map((back) => addDays(today, back));
    const weeks = [...new Set(openDays.map(mondayOf))];
    expect(rows.map((row) => row.weekStart)).toEqual(weeks);
    expect(rows.every((row) => row.countsDue === 1)).toBe(true);
    // Three nights before tonight, tonight's not late yet.
    expect(rows.reduce((sum, row) => sum + row.nightlyDue, 0)).toBe(3);
    for (const row of rows)
      expect(row.nightlyDue).toBe(
        openDays.filter((day) => day < today && mondayOf(day) === row.weekStart).length,
      );
  });
});
