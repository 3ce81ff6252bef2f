import { expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { groupedCalls } from './grouped-calls.ts';

// Decisions 050 and 055, the grouping alone: a call's inputs and answers, with a database that only records them.
// The grouping keys on the Db object and never calls it itself.
const fakeDb = () => ({}) as Db;

/** A kind whose calls finish when the test says, recording what each call carried. */
function recordingKind(options: {
  maxInFlight: number;
  maxGroup: number;
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
  return { grouped, calls, finishAll };
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
