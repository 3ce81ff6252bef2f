import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '@db/seed/demo-users.ts';
import { buildWeb, distDir } from '../web/build.ts';
import { type BareTab, launchBareChromium } from './support/bare-chromium.ts';
import {
  addBenchProducts,
  collectLongTasks,
  launchBenchBrowser,
  openDemoBenchDb,
  openUntilFieldUsable,
  serveBuiltApp,
  storedChoices,
  usableFieldScript,
  watchForUsableField,
} from './support/bench-app.ts';

/**
 * The Count Inventory screen with a large catalogue, in real Chromium against the real server, with the CPU slowed
 * BENCH_CPU_THROTTLE times (default 4, the DevTools protocol's Emulation.setCPUThrottlingRate) as on a café's
 * older tablet. Seeds the demo chain, then for each size of BENCH_PRODUCTS (`products:ceiling-ms` pairs, default
 * 3,000 within 400 ms and 20,000 within 1 s) adds products over the demo's categories and opens the screen as the
 * café manager at the Harbor Street Café, printing beside each ceiling:
 *   - the time from navigation until the first category is usable (its first count field enabled and focused),
 *     for a cold start (a fresh browser profile: empty cache), BENCH_RELOADS warm starts (the app reloaded in the
 *     same profile) and BENCH_NEW_TABS starts in a new tab of that profile (opened again), each with the bytes
 *     the server sent for it (compressed bodies and headers, the service worker's fetches included, which the
 *     browser's own count of the page leaves out) — timed in a browser that nothing drives but the CPU's slowdown
 *     (support/bare-chromium.ts, decision 076), with one cold start and one reload under Playwright beside them;
 *   - long main-thread tasks (PerformanceObserver 'longtask', ≥ 50 ms) while scrolling the first category's list
 *     from top to bottom and while counting 40 items from the keyboard (type, Enter);
 *   - the page's JavaScript heap afterwards.
 * Scrolling, counting and the heap are driven by Playwright; BENCH_STARTS_ONLY=1 leaves them out.
 * Figures are printed, never asserted: they depend on the machine. `--build` rebuilds web/dist first.
 */

/** Catalogue sizes measured one after another on the same database, each with its "first category usable" ceiling. */
const SIZES: [products: number, usableCeilingMs: number][] = (
  process.env.BENCH_PRODUCTS ?? '3000:400,20000:1000'
)
  .split(',')
  .map((pair) => {
    const [products, ceiling] = pair.split(':').map(Number);
    return [products ?? 3000, ceiling ?? 1000];
  });
const RELOADS = Number(process.env.BENCH_RELOADS ?? 3);
/** Starts in a new tab after the reloads (BENCH_NEW_TABS, default 2): the app opened again, not reloaded. */
const NEW_TABS = Number(process.env.BENCH_NEW_TABS ?? 2);
const CPU_THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 4);
/** Only the starts (BENCH_STARTS_ONLY=1): for comparing builds, alternated, in less time. */
const STARTS_ONLY = process.env.BENCH_STARTS_ONLY === '1';

const ms = (value: number) => `${Math.round(value)} ms`;

const kb = (bytes: number) => `${(bytes / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const verdict = (ok: boolean) => (ok ? 'within' : 'OVER');

if (process.argv.includes('--build')) await buildWeb();
if (!existsSync(join(distDir, 'index.html'))) {
  console.error(`No web app in ${distDir}: run \`bun web/build.ts\` first, or pass --build.`);
  process.exit(1);
}

const { db, dataDir, harbor } = await openDemoBenchDb('screen');

const { origin, sent, stop: stopServer } = serveBuiltApp(db);

const browser = await launchBenchBrowser();

const firstField = 'input[aria-label^="Count of "]';

async function currentProducts(): Promise<number> {
  const [{ total } = { total: 0 }] = await db.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM products WHERE retired_at IS NULL',
  );
  return total;
}

/** A session of the café manager, for the browser's cookie. */
async function signIn(): Promise<string> {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'manager@parstock.test', password: DEMO_PASSWORD }),
  });
  const session = login.headers.get('set-cookie')?.match(/sid=([^;]+)/)?.[1];
  if (login.status !== 200 || !session) throw new Error(`Sign-in answered ${login.status}`);
  return session;
}

/** Waits until the server has sent nothing for half a second (at most 10 s): the start's last reads are in. */
async function serverQuiet(): Promise<void> {
  const until = Date.now() + 10_000;
  let answers = sent.total().answers;
  while (Date.now() < until) {
    await Bun.sleep(500);
    const now = sent.total().answers;
    if (now === answers) return;
    answers = now;
  }
}

async function measure(products: number, usableCeiling: number, sizeIndex: number): Promise<void> {
  const before = await currentProducts();
  if (products > before) await addBenchProducts(db, products - before, before);
  const total = await currentProducts();
  console.log(
    `\nCount Inventory at the Harbor Street Café with ${total.toLocaleString('en-US')} products` +
      ` — Chromium's CPU ${CPU_THROTTLE}× slower (DevTools protocol), 1280×800`,
  );

  // The starts are timed in a browser that nothing drives but the CPU's slowdown (bare-chromium.ts): a fresh
  // profile (an empty HTTP cache, as on a device's first visit), then reloads, then the app opened again in tabs of
  // their own, each a renderer that has not run the app yet.
  const chromium = await launchBareChromium();
  try {
    await chromium.setCookie({ name: 'sid', value: await signIn(), url: origin });
    const script = usableFieldScript(firstField, storedChoices(harbor, 'count_inventory'));
    const start = async (label: string, tab: BareTab) => {
      sent.reset();
      const sinceNavigation = await tab.open<number>(`${origin}/`, 'window.benchUsable');
      const longest = await tab.evaluate<number>('Math.max(0, ...(window.benchLongTasks ?? []))');
      // What the start still fetches after the first category is usable (other reads of the screen) counts too.
      await serverQuiet();
      const requests = await tab.evaluate<number>("1 + performance.getEntriesByType('resource').length");
      const { answers, bytes } = sent.total();
      console.log(
        `  ${label.padEnd(11)} first category usable after ${ms(sinceNavigation).padStart(8)}` +
          ` (ceiling ${ms(usableCeiling)}: ${verdict(sinceNavigation < usableCeiling)}; longest task before ${ms(longest)});` +
          ` on the wire ${kb(bytes)} in ${answers} answers; ${requests} requests of the page`,
      );
    };
    const tab = await chromium.openTab(script, CPU_THROTTLE);
    await start('cold start', tab);
    for (let run = 1; run <= RELOADS; run++) await start(`warm start ${run}`, tab);
    // A reload keeps the tab's renderer, whose script engine still holds the app compiled; a new tab gets a
    // renderer of its own, which compiles the app as it first runs it: a person closing the app and opening it.
    await tab.close();
    for (let run = 1; run <= NEW_TABS; run++) {
      const fresh = await chromium.openTab(script, CPU_THROTTLE);
      await start(`new tab ${run}`, fresh);
      await fresh.close();
    }
  } finally {
    await chromium.close();
  }

  // Scrolling, typing and the heap are driven by Playwright, in a context of its own (BENCH_STARTS_ONLY=1: not).
  if (STARTS_ONLY) return;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const login = await context.request.post(`${origin}/api/auth/login`, {
    data: { email: 'manager@parstock.test', password: DEMO_PASSWORD },
    headers: { origin },
  });
  if (login.status() !== 200) throw new Error(`Sign-in answered ${login.status()}`);
  await context.addInitScript(storedChoices(harbor, 'count_inventory'));
  await context.addInitScript(collectLongTasks);
  await watchForUsableField(context, firstField);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
  const driven: number[] = [];
  for (let run = 0; run < 2; run++) {
    driven.push(await openUntilFieldUsable(page, () => page.goto(`${origin}/`)));
    await page.waitForLoadState('networkidle');
  }
  // For comparison with the figures before these were taken undriven: Playwright enables the DevTools Network and
  // Runtime domains on every page it drives, and the browser then records every request and console call.
  console.log(
    `  under Playwright  cold start ${ms(driven[0] ?? 0)}, warm start ${ms(driven[1] ?? 0)} (DevTools Network and Runtime on)`,
  );

  const rows = await page.locator('[data-testid="product-row"]').count();
  const detail = await page.getByText(/^\d+ of \d+ counted$/).textContent();
  console.log(
    `  first category: ${detail?.replace(/^\d+ of /, '').replace(' counted', '')} products, ${rows} rows drawn`,
  );

  // Scroll the virtualized list from top to bottom, one frame per step, as a person flicking through it.
  await page.evaluate(() => {
    window.benchLongTasks = [];
  });
  const scroll = await page.evaluate(async () => {
    const list = document.querySelector<HTMLElement>('section[data-virtualized]');
    if (!list) return { steps: 0, elapsed: 0, stuck: '' };
    const started = performance.now();
    let steps = 0;
    // Each step should move the list a screenful further; a list that moves and still never reaches its end (the
    // position taken back as rows are measured) is reported instead of scrolled for ever.
    const maxSteps = 3 * Math.ceil(list.scrollHeight / 240) + 50;
    while (list.scrollTop + list.clientHeight < list.scrollHeight - 1) {
      const before = list.scrollTop;
      list.scrollTop += 240;
      steps += 1;
      await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
      // A list whose last rows are still being measured can stop a pixel short of its full height: the end.
      if (list.scrollTop === before) break;
      if (steps >= maxSteps)
        return {
          steps,
          elapsed: performance.now() - started,
          stuck: ` — NOT at the end after ${steps} steps (at ${list.scrollTop} of ${list.scrollHeight - list.clientHeight} px)`,
        };
    }
    return { steps, elapsed: performance.now() - started, stuck: '' };
  });
  const scrollTasks = await page.evaluate(() => window.benchLongTasks ?? []);
  const scrollLongest = Math.max(0, ...scrollTasks);
  console.log(
    `  scrolling         ${scroll.steps} steps in ${ms(scroll.elapsed)} (${ms(scroll.elapsed / Math.max(scroll.steps, 1))} a frame);` +
      ` long tasks ${scrollTasks.length}, longest ${ms(scrollLongest)} (ceiling 50 ms: ${verdict(scrollTasks.length === 0)})` +
      scroll.stuck,
  );

  // Count 40 items from the keyboard: type a number, Enter to the next row (rows drawn as they come).
  await page.evaluate(() => {
    document.querySelector<HTMLElement>('section[data-virtualized]')?.scrollTo({ top: 0 });
    window.benchLongTasks = [];
  });
  await page.locator(firstField).first().focus();
  const typingStarted = performance.now();
  for (let item = 0; item < 40; item++) {
    const previous = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    // Each size types other numbers than the size before it: the same rows come first at every size, and a
    // number typed over the same confirmed number is no edit (Enter walks a finished count without saving).
    await page.keyboard.type(String(((item + sizeIndex) % 9) + 1));
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (label) => (document.activeElement?.getAttribute('aria-label') ?? label) !== label,
      previous,
    );
  }
  const typingElapsed = performance.now() - typingStarted;
  const saved = await page
    .getByTestId('autosave-pill')
    .filter({ hasText: 'Saved' })
    .waitFor({ timeout: 120_000 })
    .then(() => 'all saved')
    .catch(
      async () =>
        `not saved after 2 minutes (the pill reads "${await page.getByTestId('autosave-pill').textContent()}")`,
    );
  const typingTasks = await page.evaluate(() => window.benchLongTasks ?? []);
  console.log(
    `  keyboard counting 40 items in ${ms(typingElapsed)} (${ms(typingElapsed / 40)} an item, driver included);` +
      ` long tasks ${typingTasks.length}, longest ${ms(Math.max(0, ...typingTasks))} (ceiling 50 ms: ${verdict(typingTasks.length === 0)}); ${saved}`,
  );

  // The page's JavaScript heap after all of that, as DevTools reports it (live objects, then after a collection).
  const usedBefore = (await cdp.send('Runtime.getHeapUsage')).usedSize;
  await cdp.send('HeapProfiler.collectGarbage');
  const after = await cdp.send('Runtime.getHeapUsage');
  console.log(
    `  page heap         ${mb(usedBefore)} used, ${mb(after.usedSize)} after a collection, ${mb(after.totalSize)} reserved` +
      ` (ceiling 150 MB: ${verdict(after.totalSize < 150 * 1024 * 1024)})`,
  );

  await context.close();
}

try {
  for (const [index, [products, ceiling]] of SIZES.entries()) await measure(products, ceiling, index + 1);
} finally {
  await browser.close();
  await stopServer();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
