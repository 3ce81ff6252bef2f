import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '@db/seed/demo-users.ts';
import type { Page } from 'playwright-core';
import { buildWeb, distDir } from '../web/build.ts';
import {
  launchBenchBrowser,
  openDemoBenchDb,
  openUntilFieldUsable,
  serveBuiltApp,
  storedChoices,
  watchForUsableField,
} from './support/bench-app.ts';

/**
 * Opening Count Inventory with no network, in real Chromium against the real server (decision 034). Seeds the
 * demo chain, signs in as the café manager, opens Count Inventory at the Harbor Street Café once online (the
 * service worker installs and keeps the reads), then turns the network off and reloads BENCH_RELOADS times.
 * Prints, for each reload, the time from navigation until the first count field is enabled and focused, with
 * online reloads (worker in control) beside them for comparison; then what the worker keeps in Cache Storage:
 * the precached app and the kept reads, in bytes. Figures are printed, never asserted. `--build` rebuilds
 * web/dist first.
 */

const RELOADS = Number(process.env.BENCH_RELOADS ?? 5);
const ms = (value: number) => `${Math.round(value)} ms`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

if (process.argv.includes('--build')) await buildWeb();
if (!existsSync(join(distDir, 'sw.js'))) {
  console.error(
    `No built app with a service worker in ${distDir}: run \`bun web/build.ts\` or pass --build.`,
  );
  process.exit(1);
}

const { db, dataDir, harbor } = await openDemoBenchDb('offline');
// Service workers need a secure context: 127.0.0.1 is one.
const { origin, stop: stopServer } = serveBuiltApp(db);

async function reloads(page: Page, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < count; run++) {
    times.push(await openUntilFieldUsable(page, () => page.reload()));
  }
  return times;
}

const browser = await launchBenchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 375, height: 667 } });
  await watchForUsableField(context, 'input[aria-label^="Count of "]');
  const page = await context.newPage();
  const login = await page.request.post(`${origin}/api/auth/login`, {
    data: { email: 'manager@parstock.test', password: DEMO_PASSWORD },
    headers: { origin },
  });
  if (login.status() !== 200) throw new Error(`Sign-in answered ${login.status()}`);
  await page.goto(`${origin}/`);
  await page.evaluate(storedChoices(harbor, 'count_inventory'));
  await openUntilFieldUsable(page, () => page.reload());
  // Wait until the worker controls the page and has kept the count screen's list.
  await page.waitForFunction(async (locationId) => {
    if (!navigator.serviceWorker.controller) return false;
    const urls: string[] = [];
    for (const name of ['parstock-reads-person', 'parstock-reads-cafes']) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    // The app reads both large lists in their compact shape (decision 057).
    return [
      `/api/inventory?locationId=${locationId}&shape=compact`,
      '/api/products?shape=compact',
      '/api/admin/category-order',
    ].every((read) => urls.some((url) => url.endsWith(read)));
  }, harbor.id);

  const online = await reloads(page, RELOADS);
  await context.setOffline(true);
  const offline = await reloads(page, RELOADS);
  const notice = await page.getByTestId('offline-list-notice').textContent();
  await context.setOffline(false);

  const stored = await page.evaluate(async () => {
    const sizes: Record<string, { entries: number; bytes: number }> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      let bytes = 0;
      const keys = await cache.keys();
      for (const request of keys)
        bytes += (await (await cache.match(request))?.arrayBuffer())?.byteLength ?? 0;
      sizes[name] = { entries: keys.length, bytes };
    }
    return sizes;
  });

  console.log(`Count Inventory at ${harbor.name}, 375×667, ${RELOADS} reloads each`);
  console.log(
    `  online reload  (worker in control)   first count field focusable: median ${ms(median(online))}  [${online.map(ms).join(', ')}]`,
  );
  console.log(
    `  offline reload (no network at all)   first count field focusable: median ${ms(median(offline))}  [${offline.map(ms).join(', ')}]`,
  );
  console.log(`  the offline screen said: "${notice?.trim()}"`);
  let total = 0;
  for (const [name, { entries, bytes }] of Object.entries(stored).sort()) {
    total += bytes;
    const shown = name.replace(/-https?:\/\/.*$/, ''); // serwist's precache name ends with the origin
    console.log(
      `  cache ${shown.padEnd(26)} ${String(entries).padStart(4)} entries  ${kib(bytes).padStart(9)}`,
    );
  }
  console.log(`  everything the service worker keeps: ${kib(total)}`);
  await context.close();
} finally {
  await browser.close();
  await stopServer();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
