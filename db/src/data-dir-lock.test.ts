import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  acquireDataDirLock,
  DataDirLockedError,
  lockPathFor,
  processStartTicks,
  readDataDirLock,
  takeOverStaleLock,
  takeoverPathFor,
} from '@db/data-dir-lock.ts';

const ROOT = resolve(import.meta.dir, '..', '..');
const BUN = join(ROOT, 'node_modules/.bin/bun');
const root = mkdtempSync(join(tmpdir(), 'parstock-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let dirs = 0;
const freshDir = () => join(root, `data-${++dirs}`, 'pglite');

/**
 * A process that has exited, as a lock names it: its pid and the start time it had. The start time keeps the
 * fixture dead should the pid go to another process before the test looks (a busy machine reuses pids).
 */
async function deadHolder(): Promise<{ pid: number; startTicks: number | null }> {
  const child = Bun.spawn([BUN, '-e', 'await Bun.stdin.text()'], { stdin: 'pipe' });
  const startTicks = processStartTicks(child.pid);
  child.stdin.end();
  await child.exited;
  return { pid: child.pid, startTicks };
}

function writeLock(dataDir: string, holder: Record<string, unknown>): void {
  rmSync(lockPathFor(dataDir), { force: true });
  Bun.spawnSync(['mkdir', '-p', join(dataDir, '..')]);
  writeFileSync(lockPathFor(dataDir), JSON.stringify(holder));
}

describe('the embedded data directory lock', () => {
  test('names its holder in a file beside the data directory and is gone after release', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir);
    expect(lock.path).toBe(`${dir}.lock`);
    expect(readDataDirLock(dir)).toMatchObject({ pid: process.pid, hostname: hostname() });
    expect(readDataDirLock(dir)?.command).toContain('bun');
    expect(Number.isNaN(Date.parse(readDataDirLock(dir)?.since ?? ''))).toBe(false);
    lock.release();
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    acquireDataDirLock(dir).release();
  });

  test('refuses a second open in the same process', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir);
    try {
      expect(() => acquireDataDirLock(dir)).toThrow(`already open in this process (pid ${process.pid})`);
    } finally {
      lock.release();
    }
  });

  test('refuses while another live process holds it, naming that process', async () => {
    const dir = freshDir();
    const holder = Bun.spawn([BUN, '-e', 'await Bun.stdin.text()'], { stdin: 'pipe' });
    try {
      writeLock(dir, {
        pid: holder.pid,
        command: 'bun bff/src/main.ts',
        since: '2026-11-25T03:00:00.000Z',
        hostname: hostname(),
        startTicks: null,
      });
      const attempt = () => acquireDataDirLock(dir);
      expect(attempt).toThrow(DataDirLockedError);
      expect(attempt).toThrow(
        `in use by process ${holder.pid} (bun bff/src/main.ts) since 2026-11-25T03:00:00.000Z`,
      );
      // Refusing leaves the holder's lock as it was.
      expect(readDataDirLock(dir)?.pid).toBe(holder.pid);
    } finally {
      holder.stdin.end();
      await holder.exited;
    }
  });

  test('takes over a lock whose process is gone', async () => {
    const dir = freshDir();
    writeLock(dir, {
      ...(await deadHolder()),
      command: 'bun bff/src/main.ts',
      since: '2026-11-24T00:00:00.000Z',
      hostname: hostname(),
    });
    const lock = acquireDataDirLock(dir);
    expect(readDataDirLock(dir)?.pid).toBe(process.pid);
    lock.release();
  });

  test('takes over a lock naming its own pid (a restarted container reuses pids)', () => {
    const dir = freshDir();
    writeLock(dir, { pid: process.pid, command: 'bun bff/src/main.ts', since: 'x', hostname: hostname() });
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lock.path, 'utf8')).not.toContain('"since":"x"');
    lock.release();
  });

  test.if(existsSync('/proc/self/stat'))(
    'takes over a lock whose pid now belongs to a younger process',
    async () => {
      const dir = freshDir();
      const unrelated = Bun.spawn([BUN, '-e', 'await Bun.stdin.text()'], { stdin: 'pipe' });
      try {
        writeLock(dir, {
          pid: unrelated.pid,
          command: 'old',
          since: 'x',
          hostname: hostname(),
          startTicks: 1,
        });
        const lock = acquireDataDirLock(dir);
        expect(readDataDirLock(dir)?.pid).toBe(process.pid);
        lock.release();
      } finally {
        unrelated.stdin.end();
        await unrelated.exited;
      }
    },
  );

  test('a takeover decided on a lock that has since changed hands leaves the new lock untouched', async () => {
    const dir = freshDir();
    const stale = JSON.stringify({
      ...(await deadHolder()),
      command: 'crashed',
      since: 'x',
      hostname: hostname(),
    });
    // Between this process reading the stale lock and taking it over, another process took it over and holds it.
    const fresh = JSON.stringify({
      pid: process.pid + 1,
      command: 'bun bff/src/main.ts',
      since: 'y',
      hostname: 'h',
    });
    writeLock(dir, JSON.parse(fresh));
    const path = lockPathFor(dir);
    const before = statSync(path, { bigint: true });
    const draft = `${path}.draft`;
    writeFileSync(draft, '{"pid":1}');
    takeOverStaleLock(path, stale, draft);
    rmSync(draft);
    // Not even moved and put back: for that instant the name would be free for a third process to take.
    const after = statSync(path, { bigint: true });
    expect([after.ino, after.ctimeNs, readFileSync(path, 'utf8')]).toEqual([
      before.ino,
      before.ctimeNs,
      fresh,
    ]);
    expect(existsSync(takeoverPathFor(path))).toBe(false);
  });

  test('waits while another process takes a stale lock over, then decides on what it finds', async () => {
    const dir = freshDir();
    writeLock(dir, { ...(await deadHolder()), command: 'crashed', since: 'x', hostname: hostname() });
    const takeover = takeoverPathFor(lockPathFor(dir));
    const taker = Bun.spawn([
      BUN,
      '-e',
      `await Bun.sleep(300); require('node:fs').rmSync(${JSON.stringify(takeover)})`,
    ]);
    writeFileSync(
      takeover,
      JSON.stringify({ pid: taker.pid, command: 'taker', since: 'x', hostname: hostname() }),
    );
    const started = performance.now();
    const lock = acquireDataDirLock(dir);
    expect(performance.now() - started).toBeGreaterThan(100);
    expect(readDataDirLock(dir)?.pid).toBe(process.pid);
    lock.release();
    await taker.exited;
  });

  test('a takeover left by a process that ended is refused with the file to delete', async () => {
    const dir = freshDir();
    writeLock(dir, { ...(await deadHolder()), command: 'crashed', since: 'x', hostname: hostname() });
    const takeover = takeoverPathFor(lockPathFor(dir));
    const taker = await deadHolder();
    writeFileSync(takeover, JSON.stringify({ ...taker, command: 'taker', since: 'x', hostname: hostname() }));
    expect(() => acquireDataDirLock(dir)).toThrow(
      `Process ${taker.pid} stopped while taking over the lock ${lockPathFor(dir)} from a process that had ended. ` +
        `If no Parstock process uses this directory, delete ${takeover}, then try again.`,
    );
    expect(readDataDirLock(dir)?.command).toBe('crashed');
  });

  test('does not judge a lock from another host, and says which host', () => {
    const dir = freshDir();
    writeLock(dir, { pid: 1234567, command: 'bun bff/src/main.ts', since: 'x', hostname: 'other-box' });
    expect(() => acquireDataDirLock(dir)).toThrow('in use by process 1234567 on host other-box');
  });

  test("shows a forged lock's text without its control characters", () => {
    const dir = freshDir();
    writeLock(dir, { pid: 1234567, command: 'evil\u001b]0;owned\u0007', since: 'x', hostname: 'other-box' });
    expect(() => acquireDataDirLock(dir)).toThrow('(evil?]0;owned?) since x');
  });

  test('creates a new data folder readable by its owner only', () => {
    const dir = freshDir();
    acquireDataDirLock(dir).release();
    expect(statSync(join(dir, '..')).mode & 0o777).toBe(0o700);
  });

  test('refuses an unreadable lock file and says how to clear it', () => {
    const dir = freshDir();
    writeLock(dir, {});
    expect(() => acquireDataDirLock(dir)).toThrow('If no Parstock process uses it, delete that file.');
  });

  // Processes wait for one "go" and then race for the lock: exactly one may win, with or without a stale lock.
  async function race(dir: string, contenders: number): Promise<string[]> {
    const script = `
      import { acquireDataDirLock } from ${JSON.stringify(join(ROOT, 'db/src/data-dir-lock.ts'))};
      const reader = Bun.stdin.stream().getReader();
      console.log('ready');
      await reader.read();
      try { acquireDataDirLock(${JSON.stringify(dir)}); console.log('won'); }
      catch (error) { console.log('refused ' + error.message); process.exit(0); }
      while (!(await reader.read()).done) {}
    `;
    const children = Array.from({ length: contenders }, () =>
      Bun.spawn([BUN, '-e', script], { stdin: 'pipe', stdout: 'pipe', stderr: 'inherit' }),
    );
    const readers = children.map((c) => c.stdout.getReader());
    const decoder = new TextDecoder();
    const nextLine = async (i: number) => {
      let text = '';
      while (!text.includes('\n')) {
        const { value, done } = await (readers[i] as ReadableStreamDefaultReader<Uint8Array>).read();
        if (done) break;
        text += decoder.decode(value);
      }
      return text.trim();
    };
    await Promise.all(children.map((_, i) => nextLine(i)));
    for (const child of children) child.stdin.write('go\n');
    for (const child of children) child.stdin.flush();
    const outcomes = await Promise.all(children.map((_, i) => nextLine(i)));
    for (const child of children) child.stdin.end();
    await Promise.all(children.map((c) => c.exited));
    return outcomes;
  }

  // A lost race shows only when the processes interleave just so: several rounds make that likely.
  const ROUNDS = 3;
  const CONTENDERS = 8;

  test('of processes starting together on a free directory, exactly one gets it', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const outcomes = await race(freshDir(), CONTENDERS);
      expect(outcomes.filter((o) => o === 'won')).toHaveLength(1);
      expect(outcomes.filter((o) => o.startsWith('refused The embedded database'))).toHaveLength(
        CONTENDERS - 1,
      );
    }
  }, 30_000);

  test('of processes starting together over a stale lock, exactly one takes it over', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const dir = freshDir();
      writeLock(dir, { ...(await deadHolder()), command: 'crashed', since: 'x', hostname: hostname() });
      const outcomes = await race(dir, CONTENDERS);
      expect(outcomes.filter((o) => o === 'won')).toHaveLength(1);
      expect(outcomes.filter((o) => o.startsWith('refused The embedded database'))).toHaveLength(
        CONTENDERS - 1,
      );
    }
  }, 30_000);
});
