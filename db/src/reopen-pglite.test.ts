import { afterAll, expect, mock, spyOn, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reopenPglite } from '@db/client.ts';
import { readDataDirLock } from '@db/data-dir-lock.ts';
import { livePglite, openPglite, pgliteBehind } from '@db/pglite-client.ts';
import { PGlite } from '@electric-sql/pglite';

const root = mkdtempSync(join(tmpdir(), 'parstock-reopen-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

test('an embedded database reopened to give its heap back keeps its data, its lock and its small buffers', async () => {
  const dir = join(root, 'pglite');
  const db = await openPglite(dir);
  try {
    // Decisions 037 and 054: 8 MB of shared buffers instead of PostgreSQL's 128 MB, in a heap that never shrinks.
    expect(await db.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '8MB' }]);
    await db.exec('CREATE TABLE kept (n int); INSERT INTO kept VALUES (1), (2)');
    const before = pgliteBehind(db);

    await reopenPglite(db);

    expect(pgliteBehind(db)).not.toBe(before);
    expect(before?.closed).toBe(true);
    expect(readDataDirLock(dir)?.pid).toBe(process.pid);
    expect(await db.query('SELECT n FROM kept ORDER BY n')).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await db.transaction((tx) => tx.query('SELECT count(*)::int AS c FROM kept'))).toEqual([{ c: 2 }]);
    expect(await db.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '8MB' }]);
  } finally {
    await db.close();
  }
});

test('a reopen while the database is in use: started work finishes on the old instance, later work waits for the new one', async () => {
  const dir = join(root, 'busy');
  const db = await openPglite(dir);
  try {
    await db.exec('CREATE TABLE busy (n int)');
    let letCommit: () => void = () => {};
    const mayCommit = new Promise<void>((resolve) => {
      letCommit = resolve;
    });
    let inside: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.query('INSERT INTO busy VALUES (1)');
      inside();
      await mayCommit;
      await tx.query('INSERT INTO busy VALUES (2)');
    });
    await started;
    const old = pgliteBehind(db);

    const reopened = reopenPglite(db);
    // Asked for during the reopen, while the transaction is still open on the old instance.
    const during = [
      db.query<{ c: number }>('SELECT count(*)::int AS c FROM busy'),
      db.transaction((tx) => tx.query('INSERT INTO busy VALUES (3)')),
      db.exec('INSERT INTO busy VALUES (4)'),
    ];
    letCommit();
    await transaction;
    await reopened;
    const [counted] = await Promise.all(during);

    expect(old?.closed).toBe(true);
    expect(pgliteBehind(db)).not.toBe(old);
    // The count ran after the reopen, so it saw the committed transaction, not a closed instance.
    expect(counted).toEqual([{ c: 2 }]);
    expect((await db.query<{ n: number }>('SELECT n FROM busy ORDER BY n')).map((r) => r.n)).toEqual([
      1, 2, 3, 4,
    ]);
    expect(await livePglite(db)).toBe(pgliteBehind(db));
  } finally {
    await db.close();
  }
});

test('a reopen whose first open fails tries again, and the database serves on', async () => {
  const dir = join(root, 'retry');
  const db = await openPglite(dir);
  try {
    await db.exec('CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)');
    const open = spyOn(PGlite, 'create').mockImplementationOnce(() =>
      Promise.reject(new Error('the folder was held for a moment')),
    );
    await reopenPglite(db);
    expect(open).toHaveBeenCalledTimes(2);
    expect(await db.query('SELECT n FROM kept')).toEqual([{ n: 7 }]);
  } finally {
    mock.restore();
    await db.close();
  }
});
