import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '@db/client.ts';
import { migrate } from '@db/migrate.ts';
import { openPglite } from '@db/pglite-client.ts';
import { listInventoryManagement } from '@db/repositories/inventory-management.ts';
import { seedDemo } from '@db/seed/demo.ts';
import { DEMO_PASSWORD } from '@db/seed/demo-users.ts';
import type { CDPSession, Page } from 'playwright-core';
import { buildWeb, distDir } from '../web/build.ts';
import {
  addBenchProducts,
  collectLongTasks,
  launchBenchBrowser,
  serveBuiltApp,
} from './support/bench-app.ts';

/**
 * Inventory Management with a large catalogue, against the real server and in real Chromium. Seeds the demo
 * chain plus BENCH_EXTRA_PRODUCTS products (default 3,000) and BENCH_COUNTS past counts of every product at
 * the Harbor Street Café (DT-01), then prints:
 *   - the server time of GET /api/inventory-management for that café (in-process, median and slowest of
 *     BENCH_READS calls);
 *   - the time from navigation until the table is usable (the row count shows every product and the first
 *     row can be selected), for a first load and reloads, with the longest task before it;
 *   - the longest main-thread task (PerformanceObserver 'longtask', ≥ 50 ms) while sorting by each column,
 *     while scrolling the table from top to bottom, and while typing a search.
 * `--build` rebuilds web/dist first; `--screenshots DIR` also saves the screen at 1280×800 and 375×667.
 * Figures are printed, never asserted: they depend on the machine.
 */

const EXTRA_PRODUCTS = Number(process.env.BENCH_EXTRA_PRODUCTS ?? 3000);
const COUNTS = Number(process.env.BENCH_COUNTS ?? 8);
const READS = Number(process.env.BENCH_READS ?? 15);
const RELOADS = Number(process.env.BENCH_RELOADS ?? 3);
const screenshotsAt = process.argv.indexOf('--screenshots');
const screenshotDir = screenshotsAt >= 0 ? process.argv[screenshotsAt + 1] : undefined;

const ms = (value: number) => `${Math.round(value)} ms`;

/** Past counts of every product at the café, a few days apart, each completed: the history a real café has. */
async function addCounts(db: Db, locationId: number, counts: number): Promise<void> {
  for (let count = counts; count >= 1; count--) {
    const [session] = await db.query<{ id: number }>(
      `INSERT INTO count_sessions (location_id, status, started_at, closed_at)
       VALUES ($1, 'closed', now() - make_interval(days => $2 * 3), now() - make_interval(days => $2 * 3))
       RETURNING id`,
      [locationId, count + 30],
    );
    if (!session) throw new Error('No count session');
    await db.query(
      `INSERT INTO count_items (session_id, product_id, count, confirmed, updated_at)
       SELECT $1, p.id, (p.id * 7 + $2) % 13, true, now() - make_interval(days => $2 * 3)
         FROM products p WHERE p.retired_at IS NULL`,
      [session.id, count + 30],
    );
  }
}

if (process.argv.includes('--build')) await buildWeb();
if (!existsSync(join(distDir, 'index.html'))) {
  console.error(`No web app in ${distDir}: run \`bun web/build.ts\` first, or pass --build.`);
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'parstock-bench-inventory-'));
const db = await openPglite(dataDir);
const setupStarted = performance.now();
await migrate(db);
await seedDemo(db);
await addBenchProducts(db, EXTRA_PRODUCTS);
const [harbor] = await db.query<{ id: number; name: string; code: string }>(
  `SELECT id, name, code FROM locations WHERE code = 'DT-01'`,
);
if (!harbor) throw new Error('The demo chain has no DT-01');
await addCounts(db, harbor.id, COUNTS);
const [{ total, items } = { total: 0, items: 0 }] = await db.query<{ total: number; items: number }>(
  `SELECT (SELECT count(*)::int FROM products WHERE retired_at IS NULL) AS total,
          (SELECT count(*)::int FROM count_items ci JOIN count_sessions cs ON cs.id = ci.session_id
            WHERE cs.location_id = $1) AS items`,
  [harbor.id],
);

const { app, origin, stop: stopServer } = serveBuiltApp(db);
console.log(
  `Inventory Management with ${total.toLocaleString('en-US')} products and ${items.toLocaleString('en-US')} count items at ${harbor.code}` +
    ` — setup ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
);

// Server time: the read in-process, without the network or the browser.
const login = await app.handle(
  new Request(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'manager@parstock.test', password: DEMO_PASSWORD }),
  }),
);
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
const times: number[] = [];
let bytes = 0;
for (let read = 0; read < READS; read++) {
  const started = performance.now();
  const res = await app.handle(
    new Request(`${origin}/api/inventory-management?locationId=${harbor.id}`, { headers: { cookie } }),
  );
  const text = await res.text();
  times.push(performance.now() - started);
  if (res.status !== 200) throw new Error(`The read answered ${res.status}: ${text.slice(0, 200)}`);
  bytes = text.length;
}
times.sort((a, b) => a - b);
const queryTimes: number[] = [];
for (let read = 0; read < READS; read++) {
  const started = performance.now();
  await listInventoryManagement(db, harbor.id);
  queryTimes.push(performance.now() - started);
}
queryTimes.sort((a, b) => a - b);
console.log(
  `  server read       median ${ms(times[Math.floor(times.length / 2)] ?? 0)}, slowest ${ms(times.at(-1) ?? 0)}` +
    ` of ${READS} (${Math.round(bytes / 1024)} KB of JSON); the query alone median ${ms(queryTimes[Math.floor(READS / 2)] ?? 0)}`,
);

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  /** The thread's own (CPU) time, which a busy machine does not stretch. */
  tdur?: number;
  tid: number;
  args?: {
    elementCount?: number;
    beginData?: { elementCount?: number };
    selector_stats?: {
      selector_timings?: {
        selector: string;
        'elapsed (us)': number;
        match_attempts: number;
        match_count: number;
      }[];
    };
  };
}

/** The renderer main thread's complete events of a trace, summed by name, with the elements styled. */
function printTraceSummary(events: TraceEvent[], frames: number): void {
  const byName = new Map<string, { time: number; count: number }>();
  let styled = 0;
  let styleEvents = 0;
  let mostStyled = 0;
  for (const event of events) {
    if (event.ph !== 'X' || event.dur === undefined) continue;
    const entry = byName.get(event.name) ?? { time: 0, count: 0 };
    entry.time += event.dur / 1000;
    entry.count += 1;
    byName.set(event.name, entry);
    if (event.name === 'UpdateLayoutTree') {
      const elements = event.args?.elementCount ?? event.args?.beginData?.elementCount ?? 0;
      styled += elements;
      styleEvents += 1;
      mostStyled = Math.max(mostStyled, elements);
    }
  }
  const cpu = (name: string) =>
    events
      .filter((event) => event.ph === 'X' && event.name === name)
      .reduce((sum, event) => sum + (event.tdur ?? 0) / 1000, 0) / Math.max(frames, 1);
  console.log(
    `    CPU a frame (thread time, not stretched by other processes): style ${cpu('Document::recalcStyle').toFixed(1)} ms,` +
      ` layout ${cpu('LocalFrameView::performLayout').toFixed(1)} ms, script ${cpu('FunctionCall').toFixed(1)} ms,` +
      ` paint ${cpu('Paint').toFixed(1)} ms`,
  );
  console.log(
    `    style recalculations ${styleEvents}, ${Math.round(styled / Math.max(frames, 1))} elements a frame, at most ${mostStyled} at once`,
  );
  const selectors = new Map<string, { time: number; attempts: number; matches: number }>();
  for (const event of events) {
    for (const timing of event.args?.selector_stats?.selector_timings ?? []) {
      const entry = selectors.get(timing.selector) ?? { time: 0, attempts: 0, matches: 0 };
      entry.time += timing['elapsed (us)'] / 1000;
      entry.attempts += timing.match_attempts;
      entry.matches += timing.match_count;
      selectors.set(timing.selector, entry);
    }
  }
  for (const [selector, { time, attempts, matches }] of [...selectors]
    .sort((a, b) => b[1].time - a[1].time)
    .slice(0, 15)) {
    console.log(
      `    ${ms(time).padStart(8)}  ${attempts} tries, ${matches} matches  ${selector.slice(0, 90)}`,
    );
  }
  for (const [name, { time, count }] of [...byName]
    .sort((a, b) => b[1].time - a[1].time)
    .slice(0, Number(process.env.BENCH_TRACE_TOP ?? 12))) {
    console.log(`    ${ms(time).padStart(8)}  ${name} ×${count}`);
  }
}

/** A CPU profile's heaviest functions by self time. */
async function printProfile(session: CDPSession): Promise<void> {
  const { profile } = await session.send('Profiler.stop');
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, index) => {
    const node = byId.get(id);
    const name = node
      ? `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber}`
      : '?';
    self.set(name, (self.get(name) ?? 0) + (deltas[index] ?? 0) / 1000);
  });
  for (const [name, time] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    console.log(`    ${ms(time).padStart(8)}  ${name}`);
  }
}

async function longTasksOf(page: Page, action: () => Promise<void>): Promise<number[]> {
  await page.evaluate(() => {
    window.benchLongTasks = [];
  });
  await action();
  // One more frame so a task that ends the action is observed.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  return page.evaluate(() => window.benchLongTasks ?? []);
}
const worst = (tasks: number[]) => `long tasks ${tasks.length}, longest ${ms(Math.max(0, ...tasks))}`;

const browser = await launchBenchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(collectLongTasks);
  const signIn = await page.request.post(`${origin}/api/auth/login`, {
    data: { email: 'manager@parstock.test', password: DEMO_PASSWORD },
    headers: { origin },
  });
  if (signIn.status() !== 200) throw new Error(`Sign-in answered ${signIn.status()}`);
  await page.goto(`${origin}/`);
  await page.evaluate((location) => {
    localStorage.setItem('selectedLocationId', String(location.id));
    localStorage.setItem('selectedLocationName', location.name);
    localStorage.setItem('selectedLocationCode', location.code);
  }, harbor);

  const usable = async () => {
    await page.waitForFunction((expected) => {
      const shown = document.querySelector('[data-testid="shown-count"]')?.textContent ?? '';
      const box = document.querySelector('tbody input[type="checkbox"]');
      return shown.includes(`of ${expected} products`) && box !== null;
    }, total.toLocaleString('en-US'));
    return page.evaluate(() => ({
      sinceNavigation: performance.now(),
      longest: Math.max(0, ...(window.benchLongTasks ?? [])),
    }));
  };
  await page.goto(`${origin}/inventory`);
  for (let run = 0; run <= RELOADS; run++) {
    if (run > 0) await page.reload();
    const { sinceNavigation, longest } = await usable();
    console.log(
      `  ${run === 0 ? 'first load' : `reload ${run}    `}  table usable after ${ms(sinceNavigation)} (longest task before: ${ms(longest)})`,
    );
  }
  const drawn = await page.locator('tbody tr[aria-rowindex]').count();
  console.log(`  rows in the DOM   ${drawn} of ${total.toLocaleString('en-US')}`);

  for (const column of ['Last count', 'Stock status', 'On-hand value', 'Product']) {
    const button = page.getByRole('button', { name: `Sort by ${column}` });
    const tasks = await longTasksOf(page, async () => {
      await button.click();
      await page.locator(`th[aria-sort]`).filter({ has: button }).waitFor();
    });
    console.log(`  sort by ${column.padEnd(13)} ${worst(tasks)}`);
  }

  // BENCH_PROFILE=1 (or scroll): where the scroll's main-thread time went; BENCH_PROFILE=search: the typing's.
  const startProfile = async () => {
    const session = await page.context().newCDPSession(page);
    await session.send('Profiler.enable');
    await session.send('Profiler.start');
    return session;
  };
  const profiler =
    process.env.BENCH_PROFILE && process.env.BENCH_PROFILE !== 'search' ? await startProfile() : null;
  // The renderer's own time split (script, style, layout) over the scroll, from the DevTools protocol.
  const metrics = await page.context().newCDPSession(page);
  await metrics.send('Performance.enable');
  const mainThread = async () =>
    Object.fromEntries(
      (await metrics.send('Performance.getMetrics')).metrics.map((metric) => [metric.name, metric.value]),
    ) as Record<string, number>;
  // BENCH_TRACE=1: a DevTools trace of the scroll, summed by event (style recalculation with the elements it
  // touched, layout, script), to see where a frame goes before changing anything.
  const tracer = process.env.BENCH_TRACE ? await page.context().newCDPSession(page) : null;
  const traceEvents: TraceEvent[] = [];
  if (tracer) {
    tracer.on('Tracing.dataCollected', ({ value }) =>
      traceEvents.push(...(value as unknown as TraceEvent[])),
    );
    await tracer.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: {
        includedCategories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'blink',
          'v8',
          // BENCH_TRACE=selectors: which CSS selectors the style recalculation spends its time matching.
          ...(process.env.BENCH_TRACE === 'selectors' ? ['disabled-by-default-blink.debug'] : []),
        ],
      },
    });
  }
  const metricsBefore = await mainThread();
  let frames = 0;
  const scrolled = await longTasksOf(page, async () => {
    frames = await page.evaluate(async () => {
      const box = document.querySelector('table')?.parentElement;
      if (!box) return 0;
      let steps = 0;
      while (box.scrollTop + box.clientHeight < box.scrollHeight - 1) {
        box.scrollTop += 240;
        steps += 1;
        await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
      }
      return steps;
    });
  });
  const metricsAfter = await mainThread();
  const perFrame = (name: string) =>
    (((metricsAfter[name] ?? 0) - (metricsBefore[name] ?? 0)) * 1000) / Math.max(frames, 1);
  console.log(
    `  scroll to the end ${frames} frames of 240 px; ${worst(scrolled)}; main thread a frame: script` +
      ` ${perFrame('ScriptDuration').toFixed(1)} ms, style ${perFrame('RecalcStyleDuration').toFixed(1)} ms,` +
      ` layout ${perFrame('LayoutDuration').toFixed(1)} ms, all tasks ${perFrame('TaskDuration').toFixed(1)} ms`,
  );
  if (tracer) {
    const done = new Promise((resolve) => tracer.once('Tracing.tracingComplete', resolve));
    await tracer.send('Tracing.end');
    await done;
    printTraceSummary(traceEvents, frames);
  }
  if (profiler) await printProfile(profiler);

  const searchProfiler = process.env.BENCH_PROFILE === 'search' ? await startProfile() : null;
  const searched = await longTasksOf(page, async () => {
    await page
      .getByRole('searchbox', { name: 'Search by name or SKU' })
      .pressSequentially('bench-29', { delay: 30 });
    await page
      .getByTestId('shown-count')
      .filter({ hasText: /Showing 1?\d\d? of/ })
      .waitFor();
  });
  console.log(`  typing a search   ${worst(searched)}`);
  if (searchProfiler) await printProfile(searchProfiler);
  await context.close();

  if (screenshotDir) {
    mkdirSync(screenshotDir, { recursive: true });
    for (const [name, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 375, height: 667 }],
    ] as const) {
      const shots = await browser.newContext({ viewport });
      const shot = await shots.newPage();
      await shot.request.post(`${origin}/api/auth/login`, {
        data: { email: 'manager@parstock.test', password: DEMO_PASSWORD },
        headers: { origin },
      });
      await shot.goto(`${origin}/`);
      await shot.evaluate((location) => {
        localStorage.setItem('selectedLocationId', String(location.id));
        localStorage.setItem('selectedLocationName', location.name);
        localStorage.setItem('selectedLocationCode', location.code);
      }, harbor);
      await shot.goto(`${origin}/inventory`);
      await shot.getByTestId('shown-count').waitFor();
      await shot.screenshot({ path: join(screenshotDir, `inventory-${name}.png`) });
      await shot
        .getByRole('checkbox', { name: /^Select (?!all)/ })
        .nth(1)
        .click();
      await shot.screenshot({ path: join(screenshotDir, `inventory-${name}-selected.png`) });
      await shots.close();
    }
    console.log(`  screenshots in ${screenshotDir}`);
  }
} finally {
  await browser.close();
  await stopServer();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
