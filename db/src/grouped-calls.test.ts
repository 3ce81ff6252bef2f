import { expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { groupedCalls } from './grouped-calls.ts';

// Decisions 050 and 055, the grouping alone: a call's inputs and answers, with a database that only records them.
// The grouping keys on the Db object and never calls it itself.
const fakeDb = () => ({}) as Db;

/** A kind whose calls finish when the test says, recording what each call carried. */
function recordingKind(options: {
  maxInFlight: number;
  maxGroup: number;
  maxWaitMs?: number;
  keysOf?: (db: Db, input: number) => readonly number[];
  fail?: (inputs: number[]) => unknown;
}) {
  const calls: number[][] = [];
  const pending: (() => void)[] = [];
  const call = (inputs: number[]) =>
    new Promise<number[]>((resolve, reject) => {
      calls.push(inputs);
      pending.push(() => {
        const error = options.fail?.(inputs);
        if (error) reject(error);
        else resolve(inputs.map((input) => input * 10));
      });
    });
  const grouped = groupedCalls<number, number>({
    ...options,
    one: async (_db, input) => (await call([input]))[0] ?? -1,
    many: (_db, inputs) => call([...inputs]),
  });
  /** Lets every call made so far finish, and the ones they release start. */
  const finishAll = async () => {
    while (pending.length > 0) {
      for (const finish of pending.splice(0)) finish();
      await Bun.sleep(0);
    }
  };
  /** Lets the calls made so far finish, once: the ones they release stay under way. */
  const finishRound = async () => {
    for (const finish of pending.splice(0)) finish();
    await Bun.sleep(0);
  };
  return { grouped, calls, finishAll, finishRound };
}

test('a quiet database gets each call at once, alone', async () => {
  const { grouped, calls, finishAll } = recordingKind({ maxInFlight: 1, maxGroup: 8 });
  const db = fakeDb();
  for (const input of [1, 2, 3]) {
    const answer = grouped(db, input);
    await finishAll();
    expect(await answer).toBe(input * 10);
  }
  expect(calls).toEqual([[1], [2], [3]]);
});

test('calls arriving while the database is busy wait and go together, at most maxGroup in one', async () => {
  const { grouped, calls, finishAll } = recordingKind({ maxInFlight: 1, maxGroup: 4 });
  const db = fakeDb();
  const answers = Array.from({ length: 7 }, (_, n) => grouped(db, n + 1));
  expect(calls).toEqual([[1]]);
  await finishAll();
  expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50, 60, 70]);
  expect(calls).toEqual([[1], [2, 3, 4, 5], [6, 7]]);
});

test('each database has its own groups', async () => {
  const { grouped, calls, finishAll } = recordingKind({ maxInFlight: 1, maxGroup: 4 });
  const answers = [grouped(fakeDb(), 1), grouped(fakeDb(), 2)];
  expect(calls).toEqual([[1], [2]]);
  await finishAll();
  expect(await Promise.all(answers)).toEqual([10, 20]);
});

test('a group the database refuses is asked again input by input, so one bad input fails alone', async () => {
  const refusal = Object.assign(new Error('numeric field overflow'), { code: '22003' });
  const { grouped, calls, finishAll } = recordingKind({
    maxInFlight: 1,
    maxGroup: 8,
    fail: (inputs) => (inputs.includes(3) ? refusal : null),
  });
  const db = fakeDb();
  const answers = [1, 2, 3, 4].map((input) => grouped(db, input).catch((error: unknown) => error));
  await finishAll();
  expect(await Promise.all(answers)).toEqual([10, 20, refusal, 40]);
  expect(calls).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
});

test('a lost database fails the whole group at once, without asking again', async () => {
  const lost = Object.assign(new Error('connection closed'), { code: 'CONNECTION_CLOSED' });
  const { grouped, calls, finishAll } = recordingKind({
    maxInFlight: 1,
    maxGroup: 8,
    fail: (inputs) => (inputs.length > 1 ? lost : null),
  });
  const db = fakeDb();
  const answers = [1, 2, 3].map((input) => grouped(db, input).catch((error: unknown) => error));
  await finishAll();
  expect(await Promise.all(answers)).toEqual([10, lost, lost]);
  expect(calls).toEqual([[1], [2, 3]]);
});

// Decision 064: what waited longer than maxWaitMs for a free call is refused unsent.
const refusal = (error: unknown) =>
  error instanceof AppError ? { code: error.code, status: error.status, headers: error.headers } : error;

test('inputs that waited maxWaitMs while calls were answered are refused as server_busy and never sent', async () => {
  const { grouped, calls, finishAll, finishRound } = recordingKind({
    maxInFlight: 1,
    maxGroup: 1,
    maxWaitMs: 60,
  });
  const db = fakeDb();
  const first = grouped(db, 1);
  const waiting = [2, 3].map((input) => grouped(db, input).catch((error: unknown) => refusal(error)));
  await Bun.sleep(20);
  // The database answers the first call; the second input takes the free call, the third still waits.
  await finishRound();
  expect(await first).toBe(10);
  await Bun.sleep(70);
  const busy = { code: 'server_busy', status: 503, headers: { 'retry-after': '5' } };
  expect(await waiting[1]).toEqual(busy);
  expect(calls).toEqual([[1], [2]]);
  await finishAll();
  expect(await waiting[0]).toBe(20);
  // The queue is empty again: the next input goes at once.
  const next = grouped(db, 4);
  expect(calls).toEqual([[1], [2], [4]]);
  await finishAll();
  expect(await next).toBe(40);
});

test('inputs that waited maxWaitMs while no call was answered are refused as database_unavailable', async () => {
  const { grouped, calls, finishAll } = recordingKind({ maxInFlight: 1, maxGroup: 8, maxWaitMs: 30 });
  const db = fakeDb();
  const first = grouped(db, 1);
  const waiting = [2, 3].map((input) => grouped(db, input).catch((error: unknown) => refusal(error)));
  await Bun.sleep(60);
  const away = { code: 'database_unavailable', status: 503, headers: { 'retry-after': '5' } };
  expect(await Promise.all(waiting)).toEqual([away, away]);
  await finishAll();
  expect(await first).toBe(10);
  expect(calls).toEqual([[1]]);
});

test('an input a call took before its deadline is answered however long that call takes', async () => {
  const { grouped, calls, finishAll, finishRound } = recordingKind({
    maxInFlight: 1,
    maxGroup: 8,
    maxWaitMs: 40,
  });
  const db = fakeDb();
  const first = grouped(db, 1);
  const second = grouped(db, 2);
  await Bun.sleep(5);
  // The first call ends; the second input goes in the next call, which then outlasts the deadline.
  await finishRound();
  expect(calls).toEqual([[1], [2]]);
  expect(await first).toBe(10);
  let settled = false;
  void second.finally(() => {
    settled = true;
  });
  await Bun.sleep(80);
  expect(settled).toBe(false);
  await finishAll();
  expect(await second).toBe(20);
});

test('without maxWaitMs an input waits as long as it takes', async () => {
  const { grouped, finishAll } = recordingKind({ maxInFlight: 1, maxGroup: 8 });
  const db = fakeDb();
  const answers = [grouped(db, 1), grouped(db, 2)];
  await Bun.sleep(50);
  await finishAll();
  expect(await Promise.all(answers)).toEqual([10, 20]);
});

test('what an input waited before it reached the queue counts against maxWaitMs; a free call still takes it', async () => {
  const { grouped, calls, finishAll, finishRound } = recordingKind({
    maxInFlight: 1,
    maxGroup: 8,
    maxWaitMs: 60,
  });
  const db = fakeDb();
  // A free call: the input goes at once, however long it waited before.
  const first = grouped(db, 1, performance.now() - 1_000);
  expect(calls).toEqual([[1]]);
  await finishRound();
  expect(await first).toBe(10);
  // No free call: an input that waited 1 s already is refused on the next turn, not 60 ms later.
  const held = grouped(db, 2);
  const late = grouped(db, 3, performance.now() - 1_000).catch((error: unknown) => refusal(error));
  await Bun.sleep(5);
  expect(await late).toEqual({ code: 'server_busy', status: 503, headers: { 'retry-after': '5' } });
  await finishAll();
  expect(await held).toBe(20);
  expect(calls).toEqual([[1], [2]]);
});

test('an input whose key a call under way holds waits for it; the inputs behind it that hold nothing go first', async () => {
  // Keys are the tens: 11 and 12 share one, as two batches of one café.
  const { grouped, calls, finishRound, finishAll } = recordingKind({
    maxInFlight: 2,
    maxGroup: 8,
    keysOf: (_db, input) => [Math.floor(input / 10)],
  });
  const db = fakeDb();
  const answers = [11, 12, 13, 21].map((input) => grouped(db, input));
  // 11 goes at once. 12 and 13 wait although a call is free, as 11's call holds their key; 21, behind them, takes it.
  expect(calls).toEqual([[11], [21]]);
  await finishRound();
  // 11's call ended: its café's batches go together in the next call.
  expect(calls.slice(2)).toEqual([[12, 13]]);
  await finishAll();
  expect(await Promise.all(answers)).toEqual([110, 120, 130, 210]);
});

test('with every waiting input held by a call under way, no call is sent until that call ends', async () => {
  const { grouped, calls, finishAll } = recordingKind({ maxInFlight: 2, maxGroup: 8, keysOf: () => [1] });
  const db = fakeDb();
  const answers = [1, 2, 3].map((input) => grouped(db, input));
  expect(calls).toEqual([[1]]);
  await finishAll();
  expect(calls).toEqual([[1], [2, 3]]);
  expect(await Promise.all(answers)).toEqual([10, 20, 30]);
});

test('an input is never refused before it has waited maxWaitMs, whatever fraction of a millisecond it arrived at', async () => {
  const { grouped, finishAll } = recordingKind({ maxInFlight: 1, maxGroup: 8, maxWaitMs: 20 });
  const db = fakeDb();
  const first = grouped(db, 1);
  // Arrivals a fraction of a millisecond ago: a timer cuts its delay to whole milliseconds.
  const waits = await Promise.all(
    [0.1, 0.3, 0.5, 0.7, 0.9].map(async (fraction) => {
      const since = performance.now() - fraction;
      await grouped(db, 2, since).catch(() => undefined);
      return performance.now() - since;
    }),
  );
  for (const waited of waits) expect(waited).toBeGreaterThanOrEqual(20);
  await finishAll();
  expect(await first).toBe(10);
});
