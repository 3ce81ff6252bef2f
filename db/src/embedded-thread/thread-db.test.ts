import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '@db/client.ts';
import { DataDirLockedError } from '@db/data-dir-lock.ts';
import { isDatabaseUnavailable } from '@db/database-unavailable.ts';
import { embeddedDatabase, reopenPglite } from '@db/embedded-database.ts';
import { openPglite } from '@db/pglite-client.ts';
import { openPostgres } from '@db/postgres-client.ts';
import { refusedByDatabase } from '@db/refused-by-database.ts';
import { openPgliteOnItsOwnThread } from './thread-db.ts';

const root = mkdtempSync(join(tmpdir(), 'parstock-thread-db-'));
const dataDir = join(root, 'pglite');
let db: Db;

beforeAll(async () => {
  db = await openPgliteOnItsOwnThread(dataDir);
  await db.exec(`
    CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL, at timestamptz, tags text[], extra jsonb,
                        amount numeric, day date);
    CREATE TABLE counter (n int NOT NULL);
    INSERT INTO counter VALUES (0);
  `);
});
afterAll(async () => {
  await db.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the embedded database on a thread of its own (decision 054)', () => {
  test('parameters and rows cross the threads with their types', async () => {
    const at = new Date('2026-11-27T10:15:00.000Z');
    await db.query('INSERT INTO notes VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      1,
      'Oat milk\nsecond line',
      at,
      ['a', 'b'],
      { shelf: 3 },
      2.25,
      '2026-11-27',
    ]);
    const [row] = await db.query<Record<string, unknown>>('SELECT * FROM notes WHERE id = $1', [1]);
    expect(row).toEqual({
      id: 1,
      body: 'Oat milk\nsecond line',
      at,
      tags: ['a', 'b'],
      extra: { shelf: 3 },
      amount: 2.25,
      day: '2026-11-27',
    });
  });

  test('a transaction commits; a throw inside it rolls everything back; a nested call joins it', async () => {
    await db.transaction(async (tx) => {
      await tx.query('UPDATE counter SET n = n + 1');
      await tx.transaction((inner) => inner.query('UPDATE counter SET n = n + 1'));
    });
    // Awaited with catch: `expect(…).rejects` does not let the thread's answer arrive.
    const refused = await db
      .transaction(async (tx) => {
        await tx.query('UPDATE counter SET n = n + 100');
        throw new Error('changed my mind');
      })
      .catch((error: Error) => error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toBe('changed my mind');
    expect(await db.query('SELECT n FROM counter')).toEqual([{ n: 2 }]);
  });

  test('transactions and statements from many requests at once keep each transaction whole', async () => {
    await db.query('UPDATE counter SET n = 0');
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2
          ? db.transaction(async (tx) => {
              const [{ n } = { n: 0 }] = await tx.query<{ n: number }>('SELECT n FROM counter');
              await tx.query('UPDATE counter SET n = $1', [n + 1]);
            })
          : db.query('SELECT n FROM counter'),
      ),
    );
    expect(await db.query('SELECT n FROM counter')).toEqual([{ n: 20 }]);
  });

  test("a database's refusal keeps its code and constraint, which the 409 translation reads", async () => {
    const error = await db.query('INSERT INTO notes (id, body) VALUES (1, $1)', ['again']).catch((e) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('23505');
    expect(error.constraint).toBe('notes_pkey');
    expect(refusedByDatabase(error)).not.toBeNull();
    const inTransaction = await db
      .transaction((tx) => tx.query('INSERT INTO notes (id, body) VALUES (1, $1)', ['again']))
      .catch((e) => e);
    expect(inTransaction.code).toBe('23505');
  });

  test('the folder is locked for other processes while the thread holds it', async () => {
    await expect(openPglite(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
  });

  test('a reopen gives memory back with the data kept, while statements keep coming', async () => {
    const during = Promise.all(
      Array.from({ length: 20 }, () => db.query('SELECT count(*)::int AS c FROM notes')),
    );
    await reopenPglite(db);
    expect((await during).every((rows) => rows[0]?.c === 1)).toBe(true);
    expect(await db.query('SELECT body FROM notes WHERE id = 1')).toEqual([
      { body: 'Oat milk\nsecond line' },
    ]);
  });

  test('commands reach the database through the socket the thread serves, and are counted', async () => {
    const embedded = embeddedDatabase(db);
    if (!embedded) throw new Error('no embedded database');
    const socket = await embedded.serveCommands(dataDir, { onAllClosed: () => {} });
    try {
      const command = openPostgres('postgres://postgres@localhost/postgres', { max: 1, path: socket.path });
      try {
        expect(await command.query('SELECT body FROM notes WHERE id = $1', [1])).toEqual([
          { body: 'Oat milk\nsecond line' },
        ]);
        await Bun.sleep(50);
        expect(socket.commandsConnected()).toBe(1);
        await command.query('INSERT INTO notes (id, body) VALUES (2, $1)', ['from a command']);
      } finally {
        await command.close();
      }
      expect(await db.query('SELECT body FROM notes WHERE id = 2')).toEqual([{ body: 'from a command' }]);
    } finally {
      await socket.stop();
    }
  });
});

describe('when the thread is gone', () => {
  test('every call answers as a lost database (503), and the folder is free again after close', async () => {
    const dir = join(root, 'closed');
    const closed = await openPgliteOnItsOwnThread(dir);
    await closed.close();
    const error = await closed.query('SELECT 1').catch((e) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
    const again = await openPglite(dir);
    await again.close();
  });
});
