import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '@db/seed/demo-users.ts';
import {
  addBenchProducts,
  launchBenchBrowser,
  openDemoBenchDb,
  openUntilFieldUsable,
  serveBuiltApp,
  storedChoices,
  watchForUsableField,
} from './support/bench-app.ts';

/**
 * Where Count Inventory spends the main thread at BENCH_PRODUCTS (default 20,000) products, CPU throttled
 * BENCH_CPU_THROTTLE (4) times: BENCH_PROFILE_PHASE `start` (a warm start until usable), `scroll` or `typing`,
 * sampled by the DevTools protocol's profiler and traced. Prints the renderer main thread's trace events (style,
 * layout, paint), the functions with the most self and inclusive time, the requests with their start and end,
 * and writes the raw profile to BENCH_PROFILE_OUT (default a temporary file) for DevTools. BENCH_TRACE_OUT writes
 * the trace too; BENCH_TRACE_CATEGORIES widens it (e.g. adding `loading,navigation,blink.user_timing` gives each
 * request's times on the page and in the service worker, measured from the navigation). `bench/count-screen.ts`
 * gives the figures; this says why.
 */

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 20000);
const CPU_THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 4);
/** `start` (a warm start until usable), `scroll` (100 frames down the first category) or `typing` (20 counts). */
const PHASE = process.env.BENCH_PROFILE_PHASE ?? 'start';
/** The screen: `count_inventory` (default) or `set_pars` (BENCH_OPERATION), whose fields are typed the same way. */
const OPERATION = process.env.BENCH_OPERATION === 'set_pars' ? 'set_pars' : 'count_inventory';
const FIELD = OPERATION === 'set_pars' ? 'input[aria-label^="PAR of "]' : 'input[aria-label^="Count of "]';
/** Counts typed in the `typing` phase (BENCH_TYPING_COUNTS, default 20); 1 profiles the first keystroke alone. */
const TYPING_COUNTS = Number(process.env.BENCH_TYPING_COUNTS ?? 20);
/** Warm starts before the profiled one (BENCH_PROFILE_WARMUPS, default 2), so that it finds the app compiled. */
const WARMUPS = Number(process.env.BENCH_PROFILE_WARMUPS ?? 2);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface TraceEvent {
  name: string;
  ph: string;
  ts?: number;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}
interface CpuProfile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { db, dataDir, harbor } = await openDemoBenchDb('profile');
const [{ total } = { total: 0 }] = await db.query<{ total: number }>(
  'SELECT count(*)::int AS total FROM products WHERE retired_at IS NULL',
);
if (PRODUCTS > total) await addBenchProducts(db, PRODUCTS - total, total);
const { origin, stop } = serveBuiltApp(db);
const browser = await launchBenchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.request.post(`${origin}/api/auth/login`, {
    data: { email: 'manager@parstock.test', password: DEMO_PASSWORD },
    headers: { origin },
  });
  await context.addInitScript(storedChoices(harbor, OPERATION));
  await watchForUsableField(context, FIELD);
  let page = await context.newPage();
  let cdp = await context.newCDPSession(page);
  const usable = () => openUntilFieldUsable(page, () => page.goto(`${origin}/`));
  await usable(); // the cold start fills the caches; the warm start is profiled
  await page.waitForLoadState('networkidle');
  // The first reload after the cold start still compiles the app; a reload after that finds it compiled in the
  // tab's renderer, as the bench's warm starts do (a new tab does not: BENCH_PROFILE_NEW_TAB).
  for (let warmup = 0; warmup < WARMUPS; warmup++) {
    await usable();
    await page.waitForLoadState('networkidle');
  }
  // BENCH_PROFILE_NEW_TAB=1: the profiled start opens the app in a new tab, a renderer process of its own (as when
  // the app is opened again rather than reloaded), instead of reloading the warmed one.
  if (process.env.BENCH_PROFILE_NEW_TAB === '1') {
    await page.close();
    page = await context.newPage();
    cdp = await context.newCDPSession(page);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
  const requests = new Map<string, { url: string; start: number; end?: number; size?: number }>();
  await cdp.send('Network.enable');
  // BENCH_BYPASS_SW=1: the page's requests skip the service worker, to see what its network-first copy costs.
  if (process.env.BENCH_BYPASS_SW === '1') await cdp.send('Network.setBypassServiceWorker', { bypass: true });
  cdp.on('Network.requestWillBeSent', (event) => {
    requests.set(event.requestId, { url: event.request.url, start: event.timestamp });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const one = requests.get(event.requestId);
    if (one) Object.assign(one, { end: event.timestamp, size: event.encodedDataLength });
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  // The renderer's own work (style, layout, paint, parsing) is "(program)" to the sampler; the trace names it.
  const traceEvents: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (event) => traceEvents.push(...(event.value as unknown as TraceEvent[])));
  if (PHASE !== 'start') {
    await usable();
    await page.waitForLoadState('networkidle');
  }
  await cdp.send('Tracing.start', {
    categories: process.env.BENCH_TRACE_CATEGORIES ?? 'devtools.timeline,toplevel',
    transferMode: 'ReportEvents',
  });
  await cdp.send('Profiler.start');
  const started = Date.now();
  if (PHASE === 'start') {
    const usableAt = await usable();
    console.log(`${PRODUCTS} products, CPU ${CPU_THROTTLE}× slower: usable after ${Math.round(usableAt)} ms`);
  } else if (PHASE === 'scroll') {
    await page.evaluate(async () => {
      const list = document.querySelector<HTMLElement>('section[data-virtualized]');
      for (let step = 0; list && step < 100; step++) {
        list.scrollTop += 240;
        await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
      }
    });
  } else {
    await page.locator(FIELD).first().focus();
    for (let item = 0; item < TYPING_COUNTS; item++) {
      const previous = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
      await page.keyboard.type(String(((item + Date.now()) % 9) + 1));
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        (label) => (document.activeElement?.getAttribute('aria-label') ?? label) !== label,
        previous,
      );
    }
    await page.getByTestId('autosave-pill').filter({ hasText: 'Saved' }).waitFor({ timeout: 60_000 });
  }
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await traced;
  // BENCH_TRACE_OUT: the trace as a file DevTools' Performance panel opens, to see the tasks in order.
  if (process.env.BENCH_TRACE_OUT)
    writeFileSync(process.env.BENCH_TRACE_OUT, JSON.stringify({ traceEvents }));
  const mainThread = traceEvents.find(
    (event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  const byName = new Map<string, number>();
  for (const event of traceEvents) {
    if (event.ph !== 'X' || event.tid !== mainThread?.tid || event.pid !== mainThread?.pid) continue;
    byName.set(event.name, (byName.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
  }
  console.log('\nrenderer main thread by trace event (ms, nested events counted in each):');
  for (const [name, time] of [...byName.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    console.log(`  ${time.toFixed(0).padStart(6)} ms  ${name}`);
  }
  console.log(`${PHASE}: ${Date.now() - started} ms of wall time profiled`);
  const out = process.env.BENCH_PROFILE_OUT ?? join(tmpdir(), `count-screen-${PRODUCTS}-${PHASE}.cpuprofile`);
  writeFileSync(out, JSON.stringify(profile));
  console.log(`profile written to ${out}`);

  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const label = (node: ProfileNode) =>
    `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber + 1}:${node.callFrame.columnNumber + 1}`;
  profile.samples.forEach((sample, index) => {
    const delta = (profile.timeDeltas[index] ?? 0) / 1000;
    const node = byId.get(sample);
    if (!node) return;
    self.set(label(node), (self.get(label(node)) ?? 0) + delta);
    const seen = new Set<string>();
    for (let at: number | undefined = sample; at !== undefined; at = parent.get(at)) {
      const one = byId.get(at);
      if (!one) break;
      const name = label(one);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + delta);
    }
  });
  const top = (map: Map<string, number>, count: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, time]) => `  ${time.toFixed(0).padStart(6)} ms  ${name}`)
      .join('\n');
  console.log(`\nself time (sampled, throttled):\n${top(self, 35)}`);
  console.log(`\ninclusive time:\n${top(inclusive, 60)}`);
  const sampledAt: number[] = [];
  profile.samples.reduce((at, _sample, index) => {
    const next = at + (profile.timeDeltas[index] ?? 0);
    sampledAt.push(next);
    return next;
  }, profile.startTime);
  // Each long task (≥ 50 ms, as the 'longtask' observer counts them) with the largest events inside it.
  const onMain = traceEvents.filter(
    (event) => event.ph === 'X' && event.tid === mainThread?.tid && event.pid === mainThread?.pid,
  ) as (TraceEvent & { ts: number })[];
  for (const task of onMain.filter(
    (event) =>
      (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask') &&
      (event.dur ?? 0) >= 50_000,
  )) {
    const end = task.ts + (task.dur ?? 0);
    const inside = new Map<string, number>();
    for (const event of onMain) {
      if (event === task || event.ts < task.ts || event.ts >= end) continue;
      inside.set(event.name, (inside.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
    }
    const parts = [...inside.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([name, time]) => `${name} ${time.toFixed(1)}`)
      .join(', ');
    // The sampled JavaScript inside it: the profile's clock is the trace's (microseconds).
    const within = new Map<string, number>();
    for (const [index, sample] of profile.samples.entries()) {
      const at = sampledAt[index] ?? 0;
      if (at < task.ts || at >= end) continue;
      const seen = new Set<string>();
      for (let node: number | undefined = sample; node !== undefined; node = parent.get(node)) {
        const one = byId.get(node);
        if (!one) break;
        const name = label(one);
        if (seen.has(name) || name.startsWith('(root)')) continue;
        seen.add(name);
        within.set(name, (within.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
      }
    }
    console.log(`long task ${((task.dur ?? 0) / 1000).toFixed(1)} ms: ${parts}`);
    console.log(top(within, Number(process.env.BENCH_TASK_LINES ?? 12)));
  }
  const first = Math.min(...[...requests.values()].map((one) => one.start));
  console.log('\nrequests (ms from the first):');
  for (const one of [...requests.values()].sort((a, b) => a.start - b.start)) {
    if (one.url.endsWith('.js') && (one.size ?? 0) < 1000) continue;
    console.log(
      `  ${((one.start - first) * 1000).toFixed(0).padStart(6)} → ${one.end ? ((one.end - first) * 1000).toFixed(0).padStart(6) : '     ?'}  ${(one.size ?? 0).toString().padStart(8)} B  ${one.url.replace(origin, '')}`,
    );
  }
  await context.close();
} finally {
  await browser.close();
  await stop();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
