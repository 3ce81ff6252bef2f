import { join } from 'node:path';

/** The repository's root, where `bff/src/main.ts` is. */
export const REPO_ROOT = join(import.meta.dir, '..', '..');

export interface ProductionServerOptions {
  port: number;
  databaseUrl: string;
  /** The server's entry (another checkout's, to compare builds); this checkout's by default. */
  entry?: string;
  /** Flags for its `bun`, e.g. `--cpu-prof-md --cpu-prof-dir=DIR`. */
  flags?: string[];
  /** More environment, e.g. `DATABASE_POOL_SIZE`. */
  env?: Record<string, string>;
  stderr?: 'inherit' | 'ignore';
}

/**
 * The real server as its own process, as a deployment runs it (`NODE_ENV=production`), on a database the bench
 * made, without the web app (the benches measure the API) and without demo data of its own.
 */
export function spawnProductionServer(options: ProductionServerOptions) {
  const entry = options.entry ?? join(REPO_ROOT, 'bff', 'src', 'main.ts');
  const server = Bun.spawn([process.execPath, ...(options.flags ?? []), entry], {
    cwd: join(entry, '..', '..', '..'),
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      SEED_DEMO: '0',
      WEB_DIST_DIR: '/nonexistent/parstock-bench-web',
      ...options.env,
    },
    stdout: 'ignore',
    stderr: options.stderr ?? 'ignore',
  });
  return { server, origin: `http://127.0.0.1:${options.port}` };
}

/** Waits until `origin` answers `/api/health`, or throws at the deadline. */
export async function waitForHealth(origin: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/api/health`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await Bun.sleep(100);
  }
  throw new Error(`${origin} did not answer /api/health in time`);
}
