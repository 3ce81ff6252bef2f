import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { lockPathFor, readDataDirLock } from '@db/data-dir-lock.ts';
import { socketPathFor } from '@db/pglite-socket.ts';
import { openPostgres } from '@db/postgres-client.ts';
import { runParstock } from './testing/run-parstock.ts';

// Real processes on one embedded data directory: the server as `npm start` runs it, and the CLI beside it.
const ROOT = resolve(import.meta.dir, '..', '..');
const BUN = join(ROOT, 'node_modules/.bin/bun');
const root = mkdtempSync(join(tmpdir(), 'parstock-data-lock-'));
const DATA_DIR = join(root, 'data');
const PGLITE_DIR = join(DATA_DIR, 'pglite');
const SOCKET = socketPathFor(PGLITE_DIR);

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

/** The running server's database, reached as a command reaches it: through its socket. */
async function throughSocket<T>(work: (db: ReturnType<typeof openPostgres>) => Promise<T>): Promise<T> {
  const db = openPostgres('postgres://postgres@localhost/postgres', { max: 1, path: SOCKET });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

const parstock = (dataDir: string, ...args: string[]) => runParstock(args, { env: baseEnv(dataDir) });

async function deadPid(): Promise<number> {
  const child = Bun.spawn([BUN, '-e', '0']);
  await child.exited;
  return child.pid;
}

/** The pid of a process that listened on the server's socket path and was killed: its socket file stays. */
async function killedSocketHolder(): Promise<number> {
  mkdirSync(dirname(SOCKET), { recursive: true, mode: 0o700 });
  const child = Bun.spawn(
    [
      BUN,
      '-e',
      `require('node:net').createServer().listen(${JSON.stringify(SOCKET)}, () => console.log('ready'))`,
    ],
    { stdout: 'pipe' },
  );
  for await (const chunk of child.stdout) if (new TextDecoder().decode(chunk).includes('ready')) break;
  child.kill('SIGKILL');
  await child.exited;
  return child.pid;
}

function writeStaleLock(pid: number, dataDir = PGLITE_DIR): void {
  writeFileSync(
    lockPathFor(dataDir),
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

  test('the server offers its database on a Unix socket only its own user can reach', () => {
    expect(SOCKET).toBe(`${PGLITE_DIR}.socket/.s.PGSQL.5432`);
    expect(lstatSync(SOCKET).isSocket()).toBe(true);
    expect(statSync(SOCKET).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(SOCKET)).mode & 0o777).toBe(0o700);
  });

  test('`db backup` beside the running server asks the server, which writes it; the file restores elsewhere', async () => {
    const backup = await parstock(DATA_DIR, 'db', 'backup');
    expect(backup.stderr).toContain(`Asked the running server (pid ${first.child.pid}) for a backup…`);
    expect(backup.exitCode).toBe(0);
    const path = backup.stdout.trim();
    expect(path).toMatch(/parstock-\d{8}-\d{6}-requested\.sql$/);
    // The file is renamed into place a moment before the server logs it.
    await first.waitFor(new RegExp(`Backup written: ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    const restored = await parstock(join(root, 'restored'), 'db', 'restore', path);
    expect(restored.exitCode).toBe(0);
    // The server serves on.
    expect((await fetch(`http://127.0.0.1:${firstPort}/api/health`)).status).toBe(200);
  }, 60_000);

  test('`db backup` beside a process that holds the folder but is no server: refused, and nothing is signalled', async () => {
    const dataDir = join(root, 'held-by-a-command');
    const pgliteDir = join(dataDir, 'pglite');
    mkdirSync(pgliteDir, { recursive: true });
    writeFileSync(join(pgliteDir, 'PG_VERSION'), '17\n');
    const holder = Bun.spawn([BUN, '-e', 'setTimeout(() => {}, 60_000)']);
    try {
      writeStaleLock(holder.pid, pgliteDir);
      const result = await parstock(dataDir, 'db', 'backup');
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain(`held by process ${holder.pid}`);
      expect(result.stderr).toContain('not a server ready to take a backup');
      // SIGUSR2 ends a process that does not handle it: the holder is still there.
      await Bun.sleep(200);
      expect(holder.exitCode).toBeNull();
    } finally {
      holder.kill();
    }
  }, 30_000);

  test('a server whose BACKUP_DIR takes no file says so at start, and `db backup` hears why at once', async () => {
    const dataDir = join(root, 'no-backup-folder');
    const blocked = join(root, 'a-file-not-a-folder');
    writeFileSync(blocked, 'x');
    const server = startServer({ ...baseEnv(dataDir), PORT: '0', BACKUP_DIR: join(blocked, 'backups') });
    await server.waitFor(LISTENING);
    expect(server.output()).toContain(
      `Backups cannot be written to BACKUP_DIR ${join(blocked, 'backups')} (ENOTDIR)`,
    );
    const started = Date.now();
    const result = await parstock(dataDir, 'db', 'backup');
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('The server could not take the backup: The backup to ');
    expect(result.stderr).toContain('ENOTDIR');
    expect(Date.now() - started).toBeLessThan(30_000);
    server.child.kill('SIGTERM');
    await server.exited;
  }, 60_000);

  test('`users add` beside the running server goes through its socket, says so, and the server sees the user', async () => {
    const result = await parstock(
      DATA_DIR,
      'users',
      'add',
      '--email',
      'beside@example.com',
      '--role',
      'admin',
    );
    expect(result.stderr).toBe(
      `Using the running server's database (pid ${first.child.pid}) through ${SOCKET}\n`,
    );
    expect(result.exitCode).toBe(0);
    const password = /One-time password: (\S+)/.exec(result.stdout)?.[1];
    expect(password).toBeDefined();
    const origin = `http://127.0.0.1:${firstPort}`;
    const signIn = await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'beside@example.com', password }),
    });
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).toMatchObject({ email: 'beside@example.com', mustChangePassword: true });
    // The server still holds the files; the command never opened them.
    expect(readDataDirLock(PGLITE_DIR)?.pid).toBe(first.child.pid);
  }, 30_000);

  test('a PAR import through the socket is one transaction: a bad file changes nothing, a good one is written', async () => {
    await throughSocket((db) =>
      db.exec(`INSERT INTO districts (name) VALUES ('Lock test');
               INSERT INTO locations (name, code, district_id) VALUES ('Lock café', 'LK-1', (SELECT id FROM districts WHERE name = 'Lock test'));
               INSERT INTO products (name, sku, cafe_order_category) VALUES ('Oat milk', 'OAT-1', 'Dairy'), ('Lids', 'LID-1', 'Paper');`),
    );
    const pars = () =>
      throughSocket((db) =>
        db.query<{ sku: string; par: number }>(
          `SELECT p.sku, lp.par FROM location_products lp JOIN products p ON p.id = lp.product_id ORDER BY p.sku`,
        ),
      );
    const bad = join(root, 'bad-pars.csv');
    writeFileSync(bad, 'location_code,product,par\nLK-1,OAT-1,6\nLK-1,no such product,2\n');
    const refused = await parstock(DATA_DIR, 'pars', 'import', bad);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toStartWith(
      `Using the running server's database (pid ${first.child.pid}) through ${SOCKET}\n`,
    );
    expect(await pars()).toEqual([]);

    const good = join(root, 'pars.csv');
    writeFileSync(good, 'location_code,product,par\nLK-1,OAT-1,6\nLK-1,Lids,12.5\n');
    const dryRun = await parstock(DATA_DIR, 'pars', 'import', good, '--dry-run');
    expect(dryRun.exitCode).toBe(0);
    expect(await pars()).toEqual([]);
    const imported = await parstock(DATA_DIR, 'pars', 'import', good);
    expect(imported.exitCode).toBe(0);
    expect(await pars()).toEqual([
      { sku: 'LID-1', par: 12.5 },
      { sku: 'OAT-1', par: 6 },
    ]);
  }, 30_000);

  test('a command beside a process that offers no socket refuses, names it and writes nothing', async () => {
    // A live holder without a socket: another command, or a server still starting. This test process plays it.
    const otherDataDir = join(root, 'other-data');
    mkdirSync(join(otherDataDir, 'pglite'), { recursive: true });
    writeStaleLock(process.pid, join(otherDataDir, 'pglite'));
    const holder = readDataDirLock(join(otherDataDir, 'pglite'));
    const result = await parstock(
      otherDataDir,
      'users',
      'add',
      '--email',
      'late@example.com',
      '--role',
      'admin',
    );
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe(
      `error: The embedded database ${join(otherDataDir, 'pglite')} is in use by process ${process.pid} (${holder?.command}) since ${holder?.since}. Only one process can open it: stop that process first, or use DATABASE_URL for a PostgreSQL server.\n`,
    );
    expect(readDataDirLock(join(otherDataDir, 'pglite'))?.pid).toBe(process.pid);
  }, 30_000);

  test('SIGTERM stops the server cleanly and releases the directory', async () => {
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(lockPathFor(PGLITE_DIR))).toBe(false);
    expect(existsSync(dirname(SOCKET))).toBe(false);
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

  test('a port held by a server that shares ports (another Parstock) is in use too', async () => {
    // Elysia asks for SO_REUSEPORT, as another Parstock on the port does: two would share its requests unseen.
    const occupant = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      reusePort: true,
      fetch: () => new Response('the old version'),
    });
    try {
      const server = startServer({ ...baseEnv(DATA_DIR), PORT: String(occupant.port) });
      expect(await refusal(server)).toBe(1);
      expect(server.output()).toContain(`port ${occupant.port} on 127.0.0.1 is already in use`);
    } finally {
      occupant.stop(true);
    }
  }, 30_000);

  test("a crashed server's lock and socket are taken over; SIGINT releases both", async () => {
    writeStaleLock(await killedSocketHolder());
    expect(lstatSync(SOCKET).isSocket()).toBe(true);
    const server = startServer({ ...baseEnv(DATA_DIR), PORT: '0' });
    await server.waitFor(LISTENING);
    expect(readDataDirLock(PGLITE_DIR)?.pid).toBe(server.child.pid);
    // The leftover socket was replaced by the new server's: a command reaches it.
    const listed = await parstock(DATA_DIR, 'users', 'list', '--format', 'json');
    expect(listed.stderr).toBe(
      `Using the running server's database (pid ${server.child.pid}) through ${SOCKET}\n`,
    );
    expect(listed.exitCode).toBe(0);
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(existsSync(lockPathFor(PGLITE_DIR))).toBe(false);
    expect(existsSync(SOCKET)).toBe(false);
  }, 30_000);

  test('with no server running, the CLI opens the directory and releases it when done', async () => {
    const result = await parstock(DATA_DIR, 'users', 'list', '--format', 'json');
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    expect(JSON.parse(result.stdout).map((u: { email: string }) => u.email)).toEqual(['beside@example.com']);
    expect(existsSync(lockPathFor(PGLITE_DIR))).toBe(false);
  }, 30_000);
});
