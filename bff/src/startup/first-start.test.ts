import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { acquireDataDirLock } from '@db/data-dir-lock.ts';

// The server as `npm start` runs it, on a data folder that does not exist yet (decision 044).
const ROOT = resolve(import.meta.dir, '..', '..', '..');
const BUN = join(ROOT, 'node_modules/.bin/bun');
const root = mkdtempSync(join(tmpdir(), 'parstock-first-start-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function startServer(dataDir: string) {
  const child = Bun.spawn([BUN, join(ROOT, 'bff/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: '0',
      NODE_ENV: 'test',
      CI: 'true',
      WEB_DIST_DIR: join(root, 'no-web-app'),
    },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  let output = '';
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) output += decoder.decode(chunk, { stream: true });
  };
  const drained = Promise.all([pump(child.stdout), pump(child.stderr)]);
  const listening = (async () => {
    while (child.exitCode === null) {
      const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      if (port) return `http://127.0.0.1:${port}`;
      await Bun.sleep(50);
    }
    return null;
  })();
  return { child, output: () => output, listening, exited: drained.then(() => child.exited) };
}

/** Kilobytes of a /proc/<pid>/status field: VmHWM is the highest resident set the process ever had. */
const statusKb = (pid: number, field: string) =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`))?.[1]);

describe('the first start of the embedded database', () => {
  test(
    'is created, migrated and seeded in a child process; the server then serves the demo chain',
    async () => {
      const server = startServer(join(root, 'fresh'));
      try {
        const origin = await server.listening;
        expect(origin, server.output()).not.toBeNull();
        expect(server.output()).toContain('adding demo data');
        expect(server.output()).toContain('Square demo simulator synced');
        // The child names the database and its migrations; the server does not name it again.
        expect(server.output().match(/^Database: /gm)).toHaveLength(1);

        const login = await fetch(`${origin}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: origin as string },
          body: JSON.stringify({ email: 'admin@parstock.test', password: 'parstock-demo' }),
        });
        expect(login.status).toBe(200);
        const cookie = login.headers.get('set-cookie')?.match(/sid=[^;]+/)?.[0] ?? '';
        const locations = (await (
          await fetch(`${origin}/api/user/locations`, { headers: { cookie } })
        ).json()) as { name: string }[];
        expect(locations.map((l) => l.name)).toContain('Harbor Street Café');
        expect(locations).toHaveLength(6);

        // Seeding in the server's own process took it to ~1 GB, kept as its high-water mark; the child's memory
        // is not the server's. Far from both, so no machine's noise decides it.
        expect(statusKb(server.child.pid, 'VmHWM')).toBeLessThan(500 * 1024);
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    },
    { timeout: 180_000 },
  );

  test('a data folder held by another process stops the start with the holder named, once', async () => {
    const dataDir = join(root, 'held');
    const lock = acquireDataDirLock(join(dataDir, 'pglite'));
    try {
      const server = startServer(dataDir);
      expect(await server.listening).toBeNull();
      expect(await server.exited).toBe(1);
      const refusals = server.output().match(/Parstock cannot start: .* in use by process \d+/g) ?? [];
      expect(refusals).toHaveLength(1);
    } finally {
      lock.release();
    }
  });
});
