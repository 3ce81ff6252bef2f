import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  REPORTS_BUSY_MESSAGE,
  REPORTS_PER_USER_AT_ONCE,
  REPORTS_PER_USER_MESSAGE,
  REPORTS_RETRY_AFTER_SECONDS,
} from '@bff/http/report-gate.ts';
import { call } from './http.ts';
import { openTestWorld, type TestWorld } from './test-world.ts';

/**
 * Reports run a few at a time per server (bff/API.md, "Reports"): a burst of them from one person is answered
 * 200 or 429 with Retry-After, none dropped or failed, and everyone else's screens keep being served meanwhile.
 */
let world: TestWorld<'cafeManager' | 'districtManager' | 'admin'>;

const YEAR = 'from=2025-06-01&to=2026-05-31';
const BURST = 40;

beforeAll(async () => {
  world = await openTestWorld(['cafeManager', 'districtManager', 'admin']);
}, 60_000);

afterAll(async () => {
  await world.db.close();
});

describe('a burst of reports from one user', () => {
  test('answers each 200 or 429 with Retry-After, and other users are served while they run', async () => {
    const { app, cookies } = world;
    let reportsPending = BURST;
    const burst = Array.from({ length: BURST }, () =>
      call(app, 'GET', `/api/reports/usage?${YEAR}`, { cookie: cookies.cafeManager }).finally(() => {
        reportsPending--;
      }),
    );
    // Others, fired while the burst is under way: one reads a screen, one asks for a report of their own.
    const others = [
      call(app, 'GET', '/api/health'),
      call(app, 'GET', '/api/orders', { cookie: cookies.districtManager }),
      call(app, 'GET', `/api/reports/usage?${YEAR}`, { cookie: cookies.admin }),
    ].map((answer) => answer.then((result) => ({ ...result, reportsStillPending: reportsPending })));

    const answers = await Promise.all(burst);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);

    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    // Some of the burst is answered, not all refused.
    expect(answers.length - refused.length).toBeGreaterThanOrEqual(1);
    for (const answer of refused) {
      expect(answer.headers.get('retry-after')).toBe(String(REPORTS_RETRY_AFTER_SECONDS));
      expect(answer.json).toMatchObject({
        code: 'rate_limited',
        details: { retryAfterSeconds: REPORTS_RETRY_AFTER_SECONDS },
      });
      expect([REPORTS_PER_USER_MESSAGE, REPORTS_BUSY_MESSAGE]).toContain(
        (answer.json as { message: string }).message,
      );
    }

    const [health, orders, ownReport] = await Promise.all(others);
    expect(health?.status).toBe(200);
    expect(orders?.status).toBe(200);
    // Another user's report is not refused for the first user's burst.
    expect(ownReport?.status).toBe(200);
    // The health check was answered before the burst had all been answered.
    expect(health?.reportsStillPending).toBeGreaterThan(0);
  });

  test('one user’s reports beyond their share are refused at once, each of them', async () => {
    const { app, cookies } = world;
    const answers = await Promise.all(
      Array.from({ length: REPORTS_PER_USER_AT_ONCE + 3 }, () =>
        call(app, 'GET', `/api/reports/usage?${YEAR}`, { cookie: cookies.cafeManager }),
      ),
    );
    const perUser = answers.filter(
      (answer) => (answer.json as { message?: string } | null)?.message === REPORTS_PER_USER_MESSAGE,
    );
    expect(perUser.length).toBeGreaterThan(0);
    for (const answer of perUser) expect(answer.status).toBe(429);
  });

  test('once the burst is over, the same user’s next report is answered', async () => {
    const answer = await call(world.app, 'GET', `/api/reports/usage?${YEAR}`, {
      cookie: world.cookies.cafeManager,
    });
    expect(answer.status).toBe(200);
  });
});
