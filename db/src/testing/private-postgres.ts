import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PostgreSQL server of a test's own, which the test may stop, restart and whose backends it may kill
 * without disturbing the shared test server. Needs the PostgreSQL server binaries (CI installs them).
 * As root, the cluster belongs to the postgres user, as initdb refuses to run as root.
 */
export interface PrivatePostgres {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Ends every connection of other clients to the database, as `pg_terminate_backend` does. */
  terminateBackends(): Promise<number>;
  destroy(): Promise<void>;
}

export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  try {
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
    return versions.length > 0 ? join(root, versions[0] as string, 'bin') : null;
  } catch {
    return null;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No free port')),
      );
    });
  });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('The PostgreSQL server binaries are not installed (/usr/lib/postgresql/*/bin).');
  const dir = mkdtempSync(join(tmpdir(), 'parstock-private-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['su', ['postgres', '-s', '/bin/sh', '-c', [command, ...args].map((a) => `'${a}'`).join(' ')]]
      : [command, args];
    execFileSync(file as string, argv as string[], { cwd: '/', stdio: 'pipe' });
  };
  if (asRoot) {
    const { uid, gid } = (() => {
      const line = execFileSync('id', ['postgres']).toString();
      return { uid: Number(/uid=(\d+)/.exec(line)?.[1]), gid: Number(/gid=(\d+)/.exec(line)?.[1]) };
    })();
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  run(join(bin, 'initdb'), ['-D', dir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  const ctl = (action: 'start' | 'stop') =>
    action === 'start'
      ? run(join(bin, 'pg_ctl'), [
          '-D',
          dir,
          '-l',
          join(dir, 'log'),
          '-w',
          '-o',
          `-p ${port} -k /tmp -c listen_addresses=localhost`,
          'start',
        ])
      : run(join(bin, 'pg_ctl'), ['-D', dir, '-m', 'fast', '-w', 'stop']);
  ctl('start');
  const url = `postgres://postgres@localhost:${port}/postgres`;
  const psql = (sql: string) =>
    execFileSync(join(bin, 'psql'), [
      '-h',
      'localhost',
      '-p',
      String(port),
      '-U',
      'postgres',
      '-qAtc',
      sql,
      'postgres',
    ])
      .toString()
      .trim();
  return {
    url,
    start: async () => ctl('start'),
    stop: async () => ctl('stop'),
    terminateBackends: async () =>
      Number(
        psql(
          "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND backend_type = 'client backend'",
        ),
      ),
    destroy: async () => {
      try {
        ctl('stop');
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
