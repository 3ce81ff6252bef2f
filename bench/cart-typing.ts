import { rmSync } from 'node:fs';
import { DEMO_PASSWORD } from '@db/seed/demo-users.ts';
import { buildWeb } from '../web/build.ts';
import {
  addBenchProducts,
  collectLongTasks,
  launchBenchBrowser,
  openDemoBenchDb,
  serveBuiltApp,
  storedChoices,
} from './support/bench-app.ts';

/**
 * View Cart with a long list, in real Chromium against the real server: the demo chain plus BENCH_EXTRA_PRODUCTS
 * products (1,000), every product on Harbor Street Café's list, then a quantity typed key by key. Prints the time
 * until the list shows its fields, how many elements it draws, and the long tasks (≥ 50 ms) while typing: each one
 * is a moment the page did not answer a key. `--build` rebuilds web/dist first. Figures are printed, never asserted.
 */

const EXTRA_PRODUCTS = Number(process.env.BENCH_EXTRA_PRODUCTS ?? 1000);
const KEYS = ['2', '5', 'Backspace', '7', '0', 'Backspace'];

if (process.argv.includes('--build')) await buildWeb();
const { db, dataDir, harbor } = await openDemoBenchDb('cart');
await addBenchProducts(db, EXTRA_PRODUCTS);
await db.query('INSERT INTO carts (location_id) VALUES ($1) ON CONFLICT DO NOTHING', [harbor.id]);
const [{ lines } = { lines: 0 }] = await db.query<{ lines: number }>(
  `WITH added AS (
     INSERT INTO cart_items (location_id, product_id, quantity)
     SELECT $1, id, 1 + id % 5 FROM products WHERE retired_at IS NULL
     ON CONFLICT (location_id, product_id) DO UPDATE SET quantity = excluded.quantity
     RETURNING 1)
   SELECT count(*)::int AS lines FROM added`,
  [harbor.id],
);
const { origin, stop } = serveBuiltApp(db);
const browser = await launchBenchBrowser();
try {
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 900 } });
  await context.addInitScript(storedChoices(harbor, 'view_cart'));
  await context.addInitScript(collectLongTasks);
  const page = await context.newPage();
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'manager@parstock.test', password: DEMO_PASSWORD },
    headers: { origin },
  });
  if (!login.ok()) throw new Error(`Sign-in answered ${login.status()}`);
  const fields = page.getByRole('textbox', { name: /^Quantity of / });
  const opened = performance.now();
  await page.goto('/order-confirmation');
  await fields.first().waitFor({ timeout: 60_000 });
  const shownMs = performance.now() - opened;
  const drawn = await page.evaluate(() => document.querySelectorAll('*').length);
  await page.waitForTimeout(1500);
  await page.evaluate(() => {
    window.benchLongTasks = [];
  });
  await fields.nth(5).click();
  for (const key of KEYS) {
    await page.keyboard.press(key);
    await page.waitForTimeout(150);
  }
  // The save's answer comes after the last key: its redraw counts too.
  await page.waitForTimeout(2000);
  const tasks = await page.evaluate(() => window.benchLongTasks ?? []);
  const longest = Math.round(Math.max(0, ...tasks));
  const total = Math.round(tasks.reduce((sum, task) => sum + task, 0));
  console.log(`View Cart with ${lines.toLocaleString('en-US')} lines at ${harbor.code}`);
  console.log(`  shown in ${Math.round(shownMs)} ms; ${drawn.toLocaleString('en-US')} elements`);
  console.log(
    `  typing ${KEYS.length} keys and the save's answer: ${tasks.length} long tasks, longest ${longest} ms, ${total} ms in all`,
  );
} finally {
  await browser.close();
  await stop();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
