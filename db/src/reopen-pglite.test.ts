import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite, pgliteBehind, reopenPglite } from '@db/client.ts';
import { readDataDirLock } from '@db/data-dir-lock.ts';

const root = mkdtempSync(join(tmpdir(), 'parstock-reopen-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

test('an embedded database reopened to give its heap back keeps its data, its lock and its small buffers', async () => {
  const dir = join(root, 'pglite');
  const db = await openPglite(dir);
  try {
    // Decision 037: 16 MB of shared buffers instead of PostgreSQL's 128 MB, in a heap that never shrinks.
    expect(await db.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
    await db.exec('CREATE TABLE kept (n int); INSERT INTO kept VALUES (1), (2)');
    const before = pgliteBehind(db);

    await reopenPglite(db);

    expect(pgliteBehind(db)).not.toBe(before);
    expect(before?.closed).toBe(true);
    expect(readDataDirLock(dir)?.pid).toBe(process.pid);
    expect(await db.query('SELECT n FROM kept ORDER BY n')).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await db.transaction((tx) => tx.query('SELECT count(*)::int AS c FROM kept'))).toEqual([{ c: 2 }]);
    expect(await db.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
  } finally {
    await db.close();
  }
});
