import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { lockPathFor, readDataDirLock } from '@db/data-dir-lock.ts';

// Real processes on one embedded data directory: the server as `npm start` runs it, and the CLI beside it.
const ROOT = resolve(import.meta.dir, '..', '..');
const BUN = join(ROOT, 'node_modules/.bin/bun');
const root = mkdtempSync(join(tmpdir(), 'parstock-data-lock-'));
const DATA_DIR = join(root, 'data');
const PGLITE_DIR = join(DATA_DIR, 'pglite');

const baseEnv = (dataDir: string) => ({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  SEED_DEMO: '0',
  HOST: '127.0.0.1',
  NODE_ENV: 'test',
  CI: 'true',
  WEB_DIST_DIR: join(root, 'no-web-app'),
});

interface ServerProcess {
  child: Bun.Subprocess<'ignore', 'pipe', 'pipe'>;
  /** Everything printed so far, stdout and stderr together. */
  output: () => string;
  /** Resolves with the output once `pattern` appears, or rejects when the process exits first. */
  waitFor: (pattern: RegExp) => Promise<RegExpMatchArray>;
  exited: Promise<number>;
}

const spawnedServers: ServerProcess[] = [];

function startServer(env: Record<string, string | undefined>): ServerProcess {
  const child = Bun.spawn([BUN, join(ROOT, 'bff/src/main.ts')], {
    cwd: ROOT,
    env,
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  let text = '';
  const listeners = new Set<() => void>();
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      text += decoder.decode(chunk, { stream: true });
      for (const listener of listeners) listener();
    }
  };
  const drained = Promise.all([pump(child.stdout), pump(child.stderr)]);
  const exited = drained.then(() => child.exited);
  const server: ServerProcess = {
    child,
    output: () => text,
    exited,
    waitFor: (pattern) =>
      new Promise((resolvePromise, reject) => {
        const check = () => {
          const match = pattern.exec(text);
          if (!match) return false;
          listeners.delete(check);
          resolvePromise(match);
          return true;
        };
        if (check()) return;
        listeners.add(check);
        void exited.then((code) => {
          if (!check()) reject(new Error(`server exited (${code}) before printing ${pattern}:\n${text}`));
        });
      }),
  };
  spawnedServers.push(server);
  return server;
}

/** The exit code of a server expected to refuse; one that starts instead is stopped and reported. */
async function refusal(server: ServerProcess): Promise<number | 'it started'> {
  const started = await server.waitFor(LISTENING).then(
    () => true,
    () => false,
  );
  if (started) server.child.kill('SIGKILL');
  const code = await server.exited;
  return started ? 'it started' : code;
}

async function parstock(dataDir: string, ...args: string[]) {
  const child = Bun.spawn([BUN, join(ROOT, 'cli/src/main.ts'), ...args], {
    cwd: ROOT,
    env: baseEnv(dataDir),
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { stdout, stderr, exitCode };
}

async function deadPid(): Promise<number> {
  const child = Bun.spawn([BUN, '-e', '0']);
  await child.exited;
  return child.pid;
}

function writeStaleLock(pid: number): void {
  writeFileSync(
    lockPathFor(PGLITE_DIR),
    JSON.stringify({
      pid,
      command: 'bun bff/src/main.ts',
      since: '2026-11-24T00:00:00.000Z',
      hostname: hostname(),
    }),
  );
}

const LISTENING = /Parstock is listening on http:\/\/127\.0\.0\.1:(\d+)/;

let first: ServerProcess;
let firstPort = 0;

beforeAll(async () => {
  first = startServer({ ...baseEnv(DATA_DIR), PORT: '0' });
  firstPort = Number((await first.waitFor(LISTENING))[1]);
}, 60_000);

afterAll(async () => {
  for (const server of spawnedServers) {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
  rmSync(root, { recursive: true, force: true });
});

describe('one process per embedded database', () => {
  test('the running server holds the lock, naming itself', () => {
    expect(readDataDirLock(PGLITE_DIR)).toMatchObject({ pid: first.child.pid, hostname: hostname() });
    expect(readDataDirLock(PGLITE_DIR)?.command).toContain('bff/src/main.ts');
  });

  test('a second server on the same directory refuses and names the first', async () => {
    const second = startServer({ ...baseEnv(DATA_DIR), PORT: '0' });
    expect(await refusal(second)).toBe(1);
    expect(second.output()).toContain(
      `Parstock cannot start: The embedded database ${PGLITE_DIR} is in use by process ${first.child.pid}`,
    );
    expect(second.output()).toContain('bff/src/main.ts) since ');
    expect(second.output()).not.toContain('Parstock is listening');
    // The first server is untouched and still answers.
    const health = await fetch(`http://127.0.0.1:${firstPort}/api/health`);
    expect(health.status).toBe(200);
    expect(readDataDirLock(PGLITE_DIR)?.pid).toBe(first.child.pid);
  }, 30_000);

  test("a CLI command on the running server's directory refuses, names the server and writes nothing", async () => {
    const result = await parstock(DATA_DIR, 'users', 'add', '--email', 'late@example.com', '--role', 'admin');
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe(
      `error: The embedded database ${PGLITE_DIR} is in use by process ${first.child.pid} (${readDataDirLock(PGLITE_DIR)?.command}) since ${readDataDirLock(PGLITE_DIR)?.since}. Only one process can open it: stop that process first, or use DATABASE_URL for a PostgreSQL server.\n`,
    );
    expect(readDataDirLock(PGLITE_DIR)?.pid).toBe(first.child.pid);
  }, 30_000);

  test('SIGTERM stops the server cleanly and releases the directory', async () => {
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(lockPathFor(PGLITE_DIR))).toBe(false);
  }, 30_000);

  test('a server on a port in use says which port, exits non-zero and leaves the directory unlocked', async () => {
    const occupant = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('someone else') });
    try {
      // A crashed server's lock is in the way too: the new one takes it over, then finds the port taken.
      writeStaleLock(await deadPid());
      const server = startServer({ ...baseEnv(DATA_DIR), PORT: String(occupant.port) });
      expect(await refusal(server)).toBe(1);
      expect(server.output()).toContain(
        `Parstock cannot start: port ${occupant.port} on 127.0.0.1 is already in use`,
      );
      expect(server.output()).not.toContain('in use by process');
      expect(existsSync(lockPathFor(PGLITE_DIR))).toBe(false);
    } finally {
      occupant.stop(true);
    }
  }, 30_000);

  test('a stale lock from a crashed server is taken over; SIGINT releases it', async () => {
    writeStaleLock(await deadPid());
    const server = startServer({ ...baseEnv(DATA_DIR), PORT: '0' });
    await server.waitFor(LISTENING);
    expect(readDataDirLock(PGLITE_DIR)?.pid).toBe(server.child.pid);
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(existsSync(lockPathFor(PGLITE_DIR))).toBe(false);
  }, 30_000);

  test('with no server running, the CLI opens the directory and releases it when done', async () => {
    const result = await parstock(DATA_DIR, 'users', 'list', '--format', 'json');
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    expect(JSON.parse(result.stdout)).toEqual([]);
    expect(existsSync(lockPathFor(PGLITE_DIR))).toBe(false);
  }, 30_000);
});
