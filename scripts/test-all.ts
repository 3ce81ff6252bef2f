/**
 * `npm test`: every suite, one after another except the two database runs, which go side by side, ending with one
 * plain line `N passed, N failed`.
 *
 * - the type checker (tsc --noEmit) and Biome's format and lint check, each a pass or a fail;
 * - the initial JS budget (150 KB gzip, no route-only library in the first script), a pass or a fail;
 * - engine, db, bff, cli and architecture tests under bun test on PGlite (always), and beside them db and bff again on
 *   a real PostgreSQL server when TEST_DATABASE_URL is set (CI starts one);
 * - web unit tests under happy-dom (a separate run: happy-dom replaces fetch/Request globally);
 * - browser tests with Playwright in Chromium against the real BFF and a seeded database.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedDatabaseEnv } from './suite-env.ts';

const bin = (name: string) => join(import.meta.dir, '..', 'node_modules', '.bin', name);

/**
 * Test files under db/ and bff/ that never reach a PostgreSQL server: the embedded database's own tests, and rules
 * tested without a database. The server run leaves them to the embedded run instead of running them twice.
 */
const EMBEDDED_ONLY = [
  'db/src/backup/backup-folder.test.ts',
  'db/src/backup/sql-statements.test.ts',
  'db/src/data-dir-lock.test.ts',
  'db/src/embedded-thread/thread-db.test.ts',
  'db/src/grouped-calls.test.ts',
  'db/src/pglite-socket.test.ts',
  'db/src/planner-statistics.test.ts',
  'db/src/pool-watchdog.test.ts',
  'db/src/postgres-driver-faults.test.ts',
  'db/src/reopen-pglite.test.ts',
  'db/src/seed/zoned-time.test.ts',
  'bff/src/config.test.ts',
  'bff/src/errors/validation-message.test.ts',
  'bff/src/http/encode-json-response.test.ts',
  'bff/src/http/json-nesting.test.ts',
  'bff/src/http/report-gate.test.ts',
  'bff/src/integrations/square/square-gateway.test.ts',
  'bff/src/integrations/square/timed-locations.test.ts',
  'bff/src/modules/auth/return-to.test.ts',
  'bff/src/startup/first-start.test.ts',
  'bff/src/startup/idle-garbage-collector.test.ts',
  'bff/test/database-backups.test.ts',
];

interface SuiteResult {
  name: string;
  passed: number;
  failed: number;
  exitCode: number;
  /** The failed tests by name, repeated under the summary: a CI log may keep only its last lines. */
  failures?: string[];
}

async function pipeAndCollect(
  stream: ReadableStream<Uint8Array>,
  sink: NodeJS.WriteStream | null,
): Promise<string> {
  let text = '';
  const decoder = new TextDecoder();
  for await (const chunk of stream) {
    const part = decoder.decode(chunk, { stream: true });
    text += part;
    sink?.write(part);
  }
  return text;
}

/**
 * Runs `bun test` on `args`. A suite run beside another (`sideBySide`) prints its output whole when it ends, so the
 * two do not interleave line by line.
 */
async function runBunSuite(
  name: string,
  args: string[],
  env: Record<string, string | undefined>,
  { sideBySide = false } = {},
): Promise<SuiteResult> {
  if (!sideBySide) console.log(`\n=== ${name} ===`);
  // Hooks share the per-test timeout; opening a database on a busy 2-core machine can take seconds.
  const proc = Bun.spawn([bin('bun'), 'test', '--timeout', '30000', ...args], {
    env,
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [out, err] = await Promise.all([
    pipeAndCollect(proc.stdout, sideBySide ? null : process.stdout),
    pipeAndCollect(proc.stderr, sideBySide ? null : process.stderr),
  ]);
  if (sideBySide) {
    console.log(`\n=== ${name} ===`);
    process.stdout.write(out);
    process.stdout.write(err);
  }
  const exitCode = await proc.exited;
  const text = out + err;
  const count = (label: string) => Number(text.match(new RegExp(`^\\s*(\\d+) ${label}$`, 'm'))?.[1] ?? 0);
  const failures = [...new Set(text.match(/^\(fail\) .*$/gm) ?? [])];
  return { name, passed: count('pass'), failed: count('fail'), exitCode, failures };
}

interface PlaywrightSuite {
  title: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; line: number; tests: { status: string }[] }[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number };
  suites: PlaywrightSuite[];
}

/** `file:line › describe › test` of every spec that failed or passed only on a retry. */
function failedSpecs(suites: PlaywrightSuite[], path: string[] = []): string[] {
  return suites.flatMap((suite) => {
    const titles = suite.title && !suite.title.endsWith('.ts') ? [...path, suite.title] : path;
    const own = (suite.specs ?? [])
      .filter((spec) => spec.tests.some((one) => one.status === 'unexpected' || one.status === 'flaky'))
      .map((spec) => [`${spec.file}:${spec.line}`, ...titles, spec.title].join(' › '));
    return [...own, ...failedSpecs(suite.suites ?? [], titles)];
  });
}

/**
 * The browser tests' database, seeded while the database runs go: the first start's seeding is CPU work that would
 * otherwise be the browser suite's first wait. The server is stopped once it listens; the browser suite starts its
 * own on the seeded folder (playwright.config.ts). Undefined if it could not be seeded: the suite then seeds its own.
 */
async function seedBrowserDatabase(): Promise<string | undefined> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parstock-e2e-'));
  const server = Bun.spawn([bin('bun'), 'bff/src/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production', DATA_DIR: dataDir },
    stdout: 'pipe',
    // A failure here shows again, in full, when the browser suite seeds a database of its own instead.
    stderr: 'ignore',
  });
  const decoder = new TextDecoder();
  let output = '';
  for await (const chunk of server.stdout) {
    output += decoder.decode(chunk, { stream: true });
    if (/Parstock is listening/.test(output)) break;
  }
  server.kill('SIGTERM');
  return (await server.exited) === 0 ? dataDir : undefined;
}

async function runPlaywright(seededDataDir: string | undefined): Promise<SuiteResult> {
  console.log('\n=== browser (Playwright, Chromium) ===');
  const report = join(mkdtempSync(join(tmpdir(), 'parstock-e2e-')), 'report.json');
  const proc = Bun.spawn([bin('playwright'), 'test', '--reporter=list,json'], {
    env: {
      ...process.env,
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
      // The initial JS budget's check built web/dist a moment ago, from the same sources.
      PARSTOCK_E2E_WEB_BUILT: '1',
      ...(seededDataDir ? { PARSTOCK_E2E_DATA_DIR: seededDataDir } : {}),
    },
    stdout: 'inherit',
    stderr: 'inherit',
  });
  const exitCode = await proc.exited;
  if (!existsSync(report)) return { name: 'browser', passed: 0, failed: 1, exitCode: exitCode || 1 };
  const json = JSON.parse(readFileSync(report, 'utf8')) as PlaywrightReport;
  const { stats } = json;
  // A test that only passed on retry is reported as failed: flaky tests are defects here.
  return {
    name: 'browser',
    passed: stats.expected,
    failed: stats.unexpected + stats.flaky,
    exitCode,
    failures: failedSpecs(json.suites),
  };
}

/** A check that passes or fails as a whole (the type checker, the linter): one result each. */
async function runCheck(name: string, command: string[]): Promise<SuiteResult> {
  console.log(`\n=== ${name} ===`);
  const proc = Bun.spawn(command, { stdout: 'inherit', stderr: 'inherit' });
  const exitCode = await proc.exited;
  return { name, passed: exitCode === 0 ? 1 : 0, failed: exitCode === 0 ? 0 : 1, exitCode };
}

const results: SuiteResult[] = [];
results.push(await runCheck('types (tsc --noEmit)', [bin('tsc'), '--noEmit', '-p', '.']));
results.push(await runCheck('style and lint (biome check)', [bin('biome'), 'check', '.']));
// The one figure gated here: the build is deterministic, so the initial JS's size is not a timing. It builds the
// web app into web/dist, where the browser suite serves it from.
results.push(
  await runCheck('initial JS budget (bench/bundle-size.ts)', [bin('bun'), 'run', 'bench/bundle-size.ts']),
);
// The embedded and the server runs share nothing but the CPU: side by side they end sooner than one after the
// other. The embedded run goes in two processes: each test file opens its own database (decision 110).
const databaseRuns = [
  runBunSuite(
    'engine, db, bff, cli (PGlite)',
    ['--parallel=2', '--no-isolate', './engine', './db', './bff', './cli', './test'],
    embeddedDatabaseEnv(process.env),
    { sideBySide: true },
  ),
];
if (process.env.TEST_DATABASE_URL) {
  // The database-fault test runs a private cluster it can kill and restart: only where the server binaries are.
  // The pool watchdog's test cuts the pool's connections behind a proxy to this server.
  databaseRuns.push(
    runBunSuite(
      'db, bff (PostgreSQL server)',
      [
        ...EMBEDDED_ONLY.map((file) => `--path-ignore-patterns=${file}`),
        './db',
        './bff',
        './bff/test/postgres/database-faults.postgres.ts',
        './db/src/pool-watchdog.postgres.ts',
        './cli/src/db-restore.postgres.ts',
      ],
      process.env,
      { sideBySide: true },
    ),
  );
} else {
  console.log(
    '\nTEST_DATABASE_URL is not set: the PostgreSQL-server run of the db and bff suites is left out.',
  );
}
const seeding = process.env.SKIP_E2E === '1' ? undefined : seedBrowserDatabase().catch(() => undefined);
results.push(...(await Promise.all(databaseRuns)));
const seededDataDir = await seeding;
results.push(
  await runBunSuite(
    'web units (happy-dom)',
    ['--preload', './web/test/happydom.ts', './web/src'],
    process.env,
  ),
);
if (process.env.SKIP_E2E !== '1') results.push(await runPlaywright(seededDataDir));

console.log('\n=== summary ===');
for (const r of results) {
  console.log(
    `${r.name}: ${r.passed} passed, ${r.failed} failed${r.exitCode ? ` (exit ${r.exitCode})` : ''}`,
  );
  for (const failure of r.failures ?? []) console.log(`  ${failure}`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
// A suite that crashed without reporting a failure still counts as one.
const failed = results.reduce((n, r) => n + (r.failed || (r.exitCode ? 1 : 0)), 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
