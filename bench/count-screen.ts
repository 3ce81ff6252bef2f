import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '@bff/app.ts';
import { parseConfig } from '@bff/config.ts';
import { RequestStatsRecorder } from '@bff/modules/admin/api-health/request-stats-recorder.ts';
import { type Db, openPglite } from '@db/client.ts';
import { migrate } from '@db/migrate.ts';
import { seedDemo } from '@db/seed/demo.ts';
import { DEMO_PASSWORD } from '@db/seed/demo-users.ts';
import { chromium } from 'playwright-core';
import { buildWeb, distDir } from '../web/build.ts';

/**
 * The Count Inventory screen with a large catalogue, in real Chromium against the real server. Seeds the
 * demo chain plus BENCH_EXTRA_PRODUCTS products spread over the demo's categories and subcategories, opens
 * the screen as the café manager at the Harbor Street Café, and prints:
 *   - the time from navigation until the first category is usable (its first count field enabled and
 *     focused), for a cold load and for reloads;
 *   - the longest main-thread task (PerformanceObserver 'longtask', ≥ 50 ms) while scrolling the first
 *     category's list from top to bottom, and while counting 40 items from the keyboard (type, Enter).
 * Figures are printed, never asserted: they depend on the machine. `--build` rebuilds web/dist first.
 */

const EXTRA_PRODUCTS = Number(process.env.BENCH_EXTRA_PRODUCTS ?? 3000);
const RELOADS = Number(process.env.BENCH_RELOADS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const quiet = {
  info: () => {},
  error: (message: string, error?: unknown) => console.error(message, error ?? ''),
};
const ms = (value: number) => `${Math.round(value)} ms`;

async function addProducts(db: Db, count: number): Promise<void> {
  const categories = await db.query<{ category: string; subcategory: string | null }>(
    `SELECT DISTINCT cafe_order_category AS category, order_subcategory AS subcategory FROM products ORDER BY 1, 2`,
  );
  const rows = Array.from({ length: count }, (_, index) => {
    const place = categories[index % categories.length] ?? { category: 'Bench', subcategory: null };
    return {
      name: `Bench Item ${String(index + 1).padStart(5, '0')}`,
      sku: `BENCH-${index + 1}`,
      unit: 'each',
      category: place.category,
      subcategory: place.subcategory,
      unitCost: 1 + (index % 40),
    };
  });
  await db.query(
    `INSERT INTO products (name, sku, unit, cafe_order_category, order_subcategory, unit_cost, is_daily_count)
     SELECT r.name, r.sku, r.unit, r.category, r.subcategory, r."unitCost", false
       FROM jsonb_to_recordset($1::jsonb) AS r(name text, sku text, unit text, category text, subcategory text,
            "unitCost" numeric)`,
    [JSON.stringify(rows)],
  );
}

declare global {
  interface Window {
    benchLongTasks?: number[];
  }
}

if (process.argv.includes('--build')) await buildWeb();
if (!existsSync(join(distDir, 'index.html'))) {
  console.error(`No web app in ${distDir}: run \`bun web/build.ts\` first, or pass --build.`);
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'parstock-bench-screen-'));
const db = await openPglite(dataDir);
const setupStarted = performance.now();
await migrate(db);
await seedDemo(db);
await addProducts(db, EXTRA_PRODUCTS);
const [{ total } = { total: 0 }] = await db.query<{ total: number }>(
  'SELECT count(*)::int AS total FROM products WHERE retired_at IS NULL',
);
const [harbor] = await db.query<{ id: number; name: string; code: string }>(
  `SELECT id, name, code FROM locations WHERE code = 'DT-01'`,
);
if (!harbor) throw new Error('The demo chain has no DT-01');

const requestStats = new RequestStatsRecorder({ db, logger: quiet, flushIntervalMs: 3_600_000 });
const app = createApp({
  db,
  config: parseConfig({ NODE_ENV: 'production', WEB_DIST_DIR: distDir }),
  logger: quiet,
  requestStats,
});
const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => app.handle(request) });
const origin = `http://127.0.0.1:${server.port}`;
console.log(
  `Count Inventory with ${total.toLocaleString('en-US')} products (${EXTRA_PRODUCTS.toLocaleString('en-US')} added to the demo's)` +
    ` — setup ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
);

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  // Long tasks are collected from the first script on; each phase reads and resets the list.
  await page.addInitScript(() => {
    window.benchLongTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.benchLongTasks?.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const login = await page.request.post(`${origin}/api/auth/login`, {
    data: { email: 'manager@parstock.test', password: DEMO_PASSWORD },
    headers: { origin },
  });
  if (login.status() !== 200) throw new Error(`Sign-in answered ${login.status()}`);
  await page.goto(`${origin}/`);
  await page.evaluate((location) => {
    localStorage.setItem('selectedAction', 'count_inventory');
    localStorage.setItem('selectedLocationId', String(location.id));
    localStorage.setItem('selectedLocationName', location.name);
    localStorage.setItem('selectedLocationCode', location.code);
  }, harbor);

  const firstField = 'input[aria-label^="Count of "]';
  const usableAfter = async (): Promise<{ sinceNavigation: number; longest: number }> => {
    await page.waitForFunction((selector) => {
      const input = document.querySelector<HTMLInputElement>(selector);
      if (!input || input.disabled) return false;
      input.focus();
      return document.activeElement === input;
    }, firstField);
    return page.evaluate(() => ({
      sinceNavigation: performance.now(),
      longest: Math.max(0, ...(window.benchLongTasks ?? [])),
    }));
  };

  const loads: number[] = [];
  for (let run = 0; run <= RELOADS; run++) {
    await page.reload();
    const { sinceNavigation, longest } = await usableAfter();
    loads.push(sinceNavigation);
    console.log(
      `  ${run === 0 ? 'first load' : `reload ${run}    `}  first category usable after ${ms(sinceNavigation)}` +
        ` (longest task before: ${ms(longest)})`,
    );
  }
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
    if (!list) return { steps: 0, elapsed: 0 };
    const started = performance.now();
    let steps = 0;
    while (list.scrollTop + list.clientHeight < list.scrollHeight - 1) {
      list.scrollTop += 240;
      steps += 1;
      await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    }
    return { steps, elapsed: performance.now() - started };
  });
  const scrollTasks = await page.evaluate(() => window.benchLongTasks ?? []);
  console.log(
    `  scrolling         ${scroll.steps} steps in ${ms(scroll.elapsed)} (${ms(scroll.elapsed / Math.max(scroll.steps, 1))} a frame);` +
      ` long tasks ${scrollTasks.length}, longest ${ms(Math.max(0, ...scrollTasks))}`,
  );

  // Count 40 items from the keyboard: type a number, Enter to the next row (rows drawn as they come).
  await page.evaluate(() => {
    document.querySelector<HTMLElement>('section[data-virtualized]')?.scrollTo({ top: 0 });
    window.benchLongTasks = [];
  });
  await page.locator(firstField).first().focus();
  const typingStarted = performance.now();
  for (let item = 0; item < 40; item++) {
    const before = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    await page.keyboard.type(String((item % 9) + 1));
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (previous) => (document.activeElement?.getAttribute('aria-label') ?? previous) !== previous,
      before,
    );
  }
  const typingElapsed = performance.now() - typingStarted;
  await page.getByTestId('autosave-pill').filter({ hasText: 'Saved' }).waitFor();
  const typingTasks = await page.evaluate(() => window.benchLongTasks ?? []);
  console.log(
    `  keyboard counting 40 items in ${ms(typingElapsed)} (${ms(typingElapsed / 40)} an item, driver included);` +
      ` long tasks ${typingTasks.length}, longest ${ms(Math.max(0, ...typingTasks))}; all saved`,
  );
  await context.close();
} finally {
  await browser.close();
  await server.stop(true);
  await requestStats.stop();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
