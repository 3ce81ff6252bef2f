import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { DatabaseHousekeeping } from '@bff/startup/database-housekeeping.ts';
import type { Db } from '@db/client.ts';
import { openTestDb } from '@db/testing/test-db.ts';

let db: Db;
const logged: string[] = [];
const logger = {
  info: (message: string) => logged.push(message),
  error: (message: string) => logged.push(`error: ${message}`),
};

beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());
beforeEach(async () => {
  logged.length = 0;
  await db.exec(`DELETE FROM login_attempts;
    INSERT INTO login_attempts (email, ip, succeeded, attempted_at)
    VALUES ('old@example.com', '198.51.100.1', false, now() - interval '2 days'),
           ('new@example.com', '198.51.100.1', false, now())`);
});

const attempts = async () =>
  (await db.query<{ email: string }>('SELECT email FROM login_attempts ORDER BY email')).map(
    (row) => row.email,
  );

describe('DatabaseHousekeeping', () => {
  test('a round while the server runs removes what no rule reads any more, not what it still reads', async () => {
    expect(await new DatabaseHousekeeping(db, 3600, logger).runOnce()).toBe(true);
    expect(await attempts()).toEqual(['new@example.com']);
  });

  test('a command holding the embedded database through the socket: the round waits for the next hour', async () => {
    expect(await new DatabaseHousekeeping(db, 3600, logger, () => 1).runOnce()).toBe(false);
    expect(await attempts()).toEqual(['new@example.com', 'old@example.com']);
  });

  test('a database that fails is logged, and the server carries on', async () => {
    const failing = { ...db, query: () => Promise.reject(new Error('connection lost')) } as unknown as Db;
    expect(await new DatabaseHousekeeping(failing, 3600, logger).runOnce()).toBe(false);
    expect(logged).toEqual(['error: Database upkeep failed; it is tried again within the hour:']);
  });

  test('the timer runs rounds on its own', async () => {
    const stop = new DatabaseHousekeeping(db, 3600, logger).start(20);
    for (let waited = 0; waited < 5000 && (await attempts()).length > 1; waited += 20) await Bun.sleep(20);
    stop();
    expect(await attempts()).toEqual(['new@example.com']);
  });
});
