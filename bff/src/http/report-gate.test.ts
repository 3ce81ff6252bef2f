import { describe, expect, test } from 'bun:test';
import { AppError } from '@engine/errors/app-error.ts';
import {
  REPORT_GATE_LIMITS,
  REPORTS_BUSY_MESSAGE,
  REPORTS_PER_USER_MESSAGE,
  ReportGate,
} from './report-gate.ts';

/** A report that finishes (or fails) only when the test says so. */
function pending() {
  let finish!: (value: string) => void;
  let fail!: (error: Error) => void;
  let started = false;
  const done = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    work: () => {
      started = true;
      return done;
    },
    get started() {
      return started;
    },
    finish,
    fail,
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

const LIMITS = { running: 2, waiting: 3, perUser: 2, retryAfterSeconds: 7 };

async function refusalOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`Expected an AppError, got ${String(error)}`);
  return error;
}

describe('ReportGate', () => {
  test('runs N at once, keeps M in line, refuses the rest at once with 429 and Retry-After', async () => {
    const gate = new ReportGate(LIMITS);
    const reports = Array.from({ length: 5 }, () => pending());
    // A different user for each, so only the server-wide limits apply.
    const answers = reports.map((report, user) => gate.run(user, report.work));
    await tick();
    expect(reports.map((report) => report.started)).toEqual([true, true, false, false, false]);
    expect(gate.load).toEqual({ running: 2, waiting: 3 });

    const refused = await refusalOf(gate.run(99, pending().work));
    expect(refused.status).toBe(429);
    expect(refused.code).toBe('rate_limited');
    expect(refused.message).toBe(REPORTS_BUSY_MESSAGE);
    expect(refused.headers['retry-after']).toBe('7');
    expect(refused.details).toEqual({ retryAfterSeconds: 7 });

    // Finishing one starts the first in line.
    reports[0]?.finish('a');
    expect(await answers[0]).toBe('a');
    await tick();
    expect(reports.map((report) => report.started)).toEqual([true, true, true, false, false]);
    expect(gate.load).toEqual({ running: 2, waiting: 2 });

    for (const [index, report] of reports.entries()) report.finish(String(index));
    expect(await Promise.all(answers.slice(1))).toEqual(['1', '2', '3', '4']);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  test('a report that fails gives its place to the next in line', async () => {
    const gate = new ReportGate({ ...LIMITS, running: 1 });
    const first = pending();
    const second = pending();
    const failing = gate.run(1, first.work);
    const next = gate.run(2, second.work);
    await tick();
    expect(second.started).toBe(false);
    first.fail(new Error('the database went away'));
    await expect(failing).rejects.toThrow('the database went away');
    await tick();
    expect(second.started).toBe(true);
    second.finish('done');
    expect(await next).toBe('done');
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
    // Nothing of either user is still counted against them.
    const again = [pending(), pending()];
    const both = [
      gate.run(1, again[0]?.work ?? pending().work),
      gate.run(1, again[1]?.work ?? pending().work),
    ];
    for (const report of again) report.finish('x');
    expect(await Promise.all(both)).toEqual(['x', 'x']);
  });

  test('a report abandoned while waiting leaves the line and its user’s count', async () => {
    const gate = new ReportGate({ ...LIMITS, running: 1, perUser: 1 });
    const running = pending();
    const runningAnswer = gate.run(1, running.work);
    const abandoned = new AbortController();
    const waiting = pending();
    const waitingAnswer = gate.run(2, waiting.work, abandoned.signal);
    await tick();
    expect(gate.load).toEqual({ running: 1, waiting: 1 });

    abandoned.abort();
    expect((await refusalOf(waitingAnswer)).status).toBe(429);
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    expect(waiting.started).toBe(false);

    // User 2 may ask again: the abandoned report no longer counts against them.
    const retried = pending();
    const retriedAnswer = gate.run(2, retried.work);
    running.finish('first');
    expect(await runningAnswer).toBe('first');
    await tick();
    expect(retried.started).toBe(true);
    retried.finish('second');
    expect(await retriedAnswer).toBe('second');
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  test('a request already abandoned never takes a place in line', async () => {
    const gate = new ReportGate({ ...LIMITS, running: 1 });
    const running = pending();
    const answer = gate.run(1, running.work);
    const gone = new AbortController();
    gone.abort();
    expect((await refusalOf(gate.run(2, pending().work, gone.signal))).status).toBe(429);
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    running.finish('ok');
    expect(await answer).toBe('ok');
  });

  test('one user holds at most perUser places, running and waiting together; others still get in', async () => {
    const gate = new ReportGate({ ...LIMITS, running: 1 });
    const mine = [pending(), pending()];
    const answers = mine.map((report) => gate.run(7, report.work));
    await tick();
    expect(gate.load).toEqual({ running: 1, waiting: 1 });

    const refused = await refusalOf(gate.run(7, pending().work));
    expect(refused.status).toBe(429);
    expect(refused.message).toBe(REPORTS_PER_USER_MESSAGE);
    expect(refused.headers['retry-after']).toBe('7');

    const theirs = pending();
    const theirAnswer = gate.run(8, theirs.work);
    await tick();
    expect(gate.load).toEqual({ running: 1, waiting: 2 });

    for (const report of [...mine, theirs]) report.finish('ok');
    expect(await Promise.all([...answers, theirAnswer])).toEqual(['ok', 'ok', 'ok']);
    // Once finished, the user may ask again.
    const later = pending();
    const laterAnswer = gate.run(7, later.work);
    later.finish('again');
    expect(await laterAnswer).toBe('again');
  });

  test('a caller without a user is held only by the server-wide limits', async () => {
    const gate = new ReportGate({ ...LIMITS, perUser: 1 });
    const reports = [pending(), pending()];
    const answers = reports.map((report) => gate.run(null, report.work));
    for (const report of reports) report.finish('ok');
    expect(await Promise.all(answers)).toEqual(['ok', 'ok']);
  });

  test('the server default limits are a few at once, a short line and a couple per user', () => {
    expect(REPORT_GATE_LIMITS.running).toBeGreaterThanOrEqual(1);
    expect(REPORT_GATE_LIMITS.running).toBeLessThanOrEqual(4);
    expect(REPORT_GATE_LIMITS.waiting).toBeLessThanOrEqual(16);
    expect(REPORT_GATE_LIMITS.perUser).toBeLessThanOrEqual(
      REPORT_GATE_LIMITS.running + REPORT_GATE_LIMITS.waiting,
    );
    expect(REPORT_GATE_LIMITS.retryAfterSeconds).toBeGreaterThan(0);
  });
});
