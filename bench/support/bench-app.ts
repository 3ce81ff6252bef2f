import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '@bff/app.ts';
import { parseConfig } from '@bff/config.ts';
import { RequestStatsRecorder } from '@bff/modules/admin/api-health/request-stats-recorder.ts';
import type { Db } from '@db/client.ts';
import { migrate } from '@db/migrate.ts';
import { openPglite } from '@db/pglite-client.ts';
import { refreshPlannerStatistics } from '@db/planner-statistics.ts';
import { seedDemo } from '@db/seed/demo.ts';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { distDir } from '../../web/build.ts';

/** The browser benches' shared parts: the built app served in-process, Debian's Chromium, added products. */

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Errors only: a bench prints its figures, not the server's request log. */
export const quiet = {
  info: () => {},
  error: (message: string, error?: unknown) => console.error(message, error ?? ''),
};

declare global {
  interface Window {
    benchLongTasks?: number[];
    benchUsableAt?: number;
    /** Resolves with `benchUsableAt` once the watched field is usable (`watchFieldUsable`). */
    benchUsable?: Promise<number>;
  }
}

/**
 * The real BFF serving the built web app on a free port of 127.0.0.1 (a secure context, so service workers
 * run). `app` answers in-process too, for server-side timings without the network.
 */
export function serveBuiltApp(db: Db) {
  const requestStats = new RequestStatsRecorder({ db, logger: quiet, flushIntervalMs: 3_600_000 });
  const app = createApp({
    db,
    config: parseConfig({ NODE_ENV: 'production', WEB_DIST_DIR: distDir }),
    logger: quiet,
    requestStats,
  });
  // BENCH_API_DELAY_MS: every API answer leaves that much later, as over a café's Wi-Fi or a phone network,
  // where a start's round trips one after another cost more than on this machine's loopback.
  const apiDelayMs = Number(process.env.BENCH_API_DELAY_MS ?? 0);
  const sent = { answers: 0, bytes: 0 };
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: async (request) => {
      if (apiDelayMs > 0 && new URL(request.url).pathname.startsWith('/api/')) await Bun.sleep(apiDelayMs);
      const response = await app.handle(request);
      sent.answers += 1;
      sent.bytes += headerBytes(response);
      // The body as the server sends it (compressed where it is): read from a copy, beside the browser's.
      if (response.body)
        void response
          .clone()
          .arrayBuffer()
          .then((body) => {
            sent.bytes += body.byteLength;
          });
      return response;
    },
  });
  return {
    app,
    origin: `http://127.0.0.1:${server.port}`,
    /**
     * What the server sent since the last reset: its answers and their bytes (status line, headers, body). The
     * browser's own count misses what a service worker fetches, which is every read of a page it controls.
     */
    sent: {
      reset: () => {
        sent.answers = 0;
        sent.bytes = 0;
      },
      total: () => ({ ...sent }),
    },
    stop: async () => {
      await server.stop(true);
      await requestStats.stop();
    },
  };
}

/** An answer's status line and headers as HTTP/1.1 writes them (Bun adds `Date` and the length or chunking). */
function headerBytes(response: Response): number {
  let bytes = `HTTP/1.1 ${response.status} ${response.statusText}\r\n\r\n`.length;
  for (const [name, value] of response.headers) bytes += name.length + value.length + 4;
  return bytes + 'date: Fri, 04 Dec 2026 14:20:36 GMT\r\n'.length + 'content-length: 00000\r\n'.length;
}

export function launchBenchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
}

/**
 * An init script that sets the header's choices as a returning user left them (`operation` at `location`), before
 * the app's first script reads them.
 */
export function storedChoices(
  location: { id: number; name: string; code: string },
  operation: string,
): string {
  const choices = {
    selectedAction: operation,
    selectedLocationId: String(location.id),
    selectedLocationName: location.name,
    selectedLocationCode: location.code,
  };
  return `for (const [key, value] of Object.entries(${JSON.stringify(choices)})) localStorage.setItem(key, value);`;
}

/** Run in the page before its first script (`addInitScript`): collects every long task (≥ 50 ms). */
export function collectLongTasks(): void {
  window.benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.benchLongTasks?.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
}

/** What the page logs when `watchFieldUsable` has found its field usable. */
const FIELD_USABLE_MESSAGE = 'bench: the first field is usable';

/**
 * Run in the page before its first script (an init script, with the field's selector and FIELD_USABLE_MESSAGE):
 * records in `window.benchUsableAt` when the first field matching `selector` is enabled and has taken focus,
 * resolves `window.benchUsable` with it and logs the message. The page watches its own mutations rather than being
 * polled by the driver: a polled `waitForFunction` makes Playwright compile its injected script in the page during
 * the very start being timed (traced: about 30 ms of a warm start's main thread, CPU 4× slower), which a person's
 * browser never does.
 */
function watchFieldUsable({ selector, message }: { selector: string; message: string }): void {
  let found: (at: number) => void = () => undefined;
  window.benchUsable = new Promise((resolve) => {
    found = resolve;
  });
  const usable = () => {
    const input = document.querySelector<HTMLInputElement>(selector);
    if (!input || input.disabled) return false;
    input.focus();
    return document.activeElement === input;
  };
  const observer = new MutationObserver(() => {
    if (!usable()) return;
    observer.disconnect();
    // A mark, so that a trace of the start (count-screen-profile.ts) shows the moment too.
    window.benchUsableAt = performance.mark('bench: usable').startTime;
    found(window.benchUsableAt);
    console.debug(message);
  });
  observer.observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['disabled'],
  });
}

/**
 * The same watcher as a script of its own, with `collectLongTasks` and whatever `before` sets up (the stored
 * choices of a returning user), for a browser that is not driven by Playwright (`bare-chromium.ts`).
 */
export function usableFieldScript(selector: string, before = ''): string {
  const watch = { selector, message: FIELD_USABLE_MESSAGE };
  return `${before};(${collectLongTasks})();(${watchFieldUsable})(${JSON.stringify(watch)});`;
}

/** Every page of `context` records when its first field matching `selector` is usable (`watchFieldUsable`). */
export async function watchForUsableField(context: BrowserContext, selector: string): Promise<void> {
  await context.addInitScript(watchFieldUsable, { selector, message: FIELD_USABLE_MESSAGE });
}

/**
 * Opens `open()` (a navigation or reload) and answers the milliseconds from its navigation until the field
 * that `watchFieldUsable` watches was usable. The wait is set before the navigation: the field may be usable
 * before the load event that `goto` waits for.
 */
export async function openUntilFieldUsable(page: Page, open: () => Promise<unknown>): Promise<number> {
  const logged = page.waitForEvent('console', {
    predicate: (message) => message.text() === FIELD_USABLE_MESSAGE,
    timeout: 120_000,
  });
  await open();
  await logged;
  return page.evaluate(() => window.benchUsableAt ?? Number.NaN);
}

/** `count` more products spread over the demo's categories, numbered on from `offset`. */
export async function addBenchProducts(db: Db, count: number, offset = 0): Promise<void> {
  const categories = await db.query<{ category: string; subcategory: string | null }>(
    `SELECT DISTINCT cafe_order_category AS category, order_subcategory AS subcategory FROM products ORDER BY 1, 2`,
  );
  const rows = Array.from({ length: count }, (_, index) => {
    const place = categories[index % categories.length] ?? { category: 'Bench', subcategory: null };
    return {
      name: `Bench Item ${String(offset + index + 1).padStart(5, '0')}`,
      sku: `BENCH-${offset + index + 1}`,
      unit: 'each',
      category: place.category,
      subcategory: place.subcategory,
      unitCost: 1 + (index % 40),
    };
  });
  await db.query(
    `INSERT INTO products (name, sku, unit, cafe_order_category, order_subcategory, unit_cost, is_daily_count)
     SELECT r.name, r.sku, r.unit, r.category, r.subcategory, r."unitCost", false
       FROM jsonb_to_recordset($1::text::jsonb) AS r(name text, sku text, unit text, category text, subcategory text,
            "unitCost" numeric)`,
    [JSON.stringify(rows)],
  );
  // What the server does when it starts on the embedded database: without it the café inventory read is
  // planned from guesses and joins in a nested loop (db/src/planner-statistics.ts).
  await refreshPlannerStatistics(db);
}

/**
 * The demo chain on a fresh embedded database in a temporary folder, and its DT-01 café, where the browser
 * benches count. The caller removes `dataDir` when done.
 */
export async function openDemoBenchDb(prefix: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `parstock-bench-${prefix}-`));
  const db = await openPglite(dataDir);
  await migrate(db);
  await seedDemo(db);
  const [harbor] = await db.query<{ id: number; name: string; code: string }>(
    `SELECT id, name, code FROM locations WHERE code = 'DT-01'`,
  );
  if (!harbor) throw new Error('The demo chain has no DT-01');
  return { db, dataDir, harbor };
}
