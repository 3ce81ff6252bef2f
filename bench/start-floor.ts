import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBareChromium } from './support/bare-chromium.ts';
import { CHROMIUM, usableFieldScript } from './support/bench-app.ts';

/**
 * The floor under bench/count-screen.ts's "first category usable": the same measure (navigation until the
 * first count field is enabled and focused, Chromium's CPU slowed BENCH_CPU_THROTTLE times, warm starts from
 * the HTTP cache) for two pages that do the least a count screen can do — read a catalogue of BENCH_PRODUCTS
 * (3,000) products and show the first category's first 30 rows with a count field each:
 *   - `plain`: one inline script and the DOM, no library at all;
 *   - `react`: React 19 (the app's version) rendering the same rows, minified and in production mode.
 * Timed as count-screen.ts times the app: in a browser nothing drives but the CPU's slowdown, reloads and then
 * BENCH_NEW_TABS tabs opened afresh. What this machine's Chromium needs for these is time the real screen cannot go
 * below. Printed, never asserted.
 */

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 3000);
const CPU_THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 4);
const RELOADS = Number(process.env.BENCH_RELOADS ?? 5);
const NEW_TABS = Number(process.env.BENCH_NEW_TABS ?? 2);
const COUNT_SCREEN_CEILING_MS = 400;

const categories = ['Coffee', 'Dairy', 'Bakery', 'Syrups', 'Tea', 'Paper goods', 'Cleaning', 'Produce'];
const catalogue = JSON.stringify(
  Array.from({ length: PRODUCTS }, (_, i) => ({
    id: i + 1,
    name: `Product ${i + 1}`,
    category: categories[i % categories.length],
    subcategory: null,
    unit: 'each',
    barcode: null,
  })),
);

const plainPage = `<!doctype html><html><head><meta charset="utf-8"><title>floor</title></head><body><ul id="rows"></ul>
<script type="module">
const products = await (await fetch('/products.json')).json();
const first = products.filter((p) => p.category === products[0].category).slice(0, 30);
const list = document.getElementById('rows');
first.forEach((product, index) => {
  const row = document.createElement('li');
  const label = document.createElement('label');
  label.textContent = product.name + ' ';
  const input = document.createElement('input');
  input.dataset.focusIndex = String(index);
  input.inputMode = 'decimal';
  label.append(input);
  row.append(label);
  list.append(row);
});
list.querySelector('input')?.focus();
</script></body></html>`;

const reactPage = (script: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>floor</title><script type="module" src="/${script}"></script></head><body><div id="root"></div></body></html>`;

const outDir = await mkdtemp(join(tmpdir(), 'parstock-floor-'));
const built = await Bun.build({
  entrypoints: [join(import.meta.dir, 'support', 'start-floor-react.tsx')],
  outdir: outDir,
  naming: 'floor-[hash].js',
  minify: true,
  target: 'browser',
  define: { 'process.env.NODE_ENV': '"production"' },
});
const script = built.outputs[0]?.path.split('/').pop();
if (!built.success || !script) throw new Error('The React floor page did not build');
const scriptBody = await Bun.file(join(outDir, script)).arrayBuffer();
const scriptGzip = Bun.gzipSync(new Uint8Array(scriptBody)).byteLength;

const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(request) {
    const path = new URL(request.url).pathname;
    const html = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' };
    if (path === '/plain') return new Response(plainPage, { headers: html });
    if (path === '/react') return new Response(reactPage(script), { headers: html });
    if (path === `/${script}`) {
      return new Response(scriptBody, {
        headers: {
          'content-type': 'text/javascript',
          'cache-control': 'public, max-age=31536000, immutable',
        },
      });
    }
    if (path === '/products.json') {
      return new Response(catalogue, {
        headers: { 'content-type': 'application/json', 'cache-control': 'no-cache' },
      });
    }
    return new Response('Not found', { status: 404 });
  },
});
const origin = `http://127.0.0.1:${server.port}`;

console.log(
  `Start floor — ${PRODUCTS.toLocaleString('en-US')} products read, 30 rows drawn, Chromium (${CHROMIUM}) CPU ` +
    `${CPU_THROTTLE}× slower; React page ${(scriptGzip / 1024).toFixed(1)} KB gzipped`,
);
const chromium = await launchBareChromium();
try {
  const script = usableFieldScript('input[data-focus-index="0"]');
  for (const page of ['plain', 'react'] as const) {
    const url = `${origin}/${page}`;
    const tab = await chromium.openTab(script, CPU_THROTTLE);
    const times: number[] = [];
    for (let run = 0; run <= RELOADS; run++) times.push(await tab.open<number>(url, 'window.benchUsable'));
    await tab.close();
    const fresh: number[] = [];
    for (let run = 0; run < NEW_TABS; run++) {
      const other = await chromium.openTab(script, CPU_THROTTLE);
      fresh.push(await other.open<number>(url, 'window.benchUsable'));
      await other.close();
    }
    const [cold = 0, ...warm] = times;
    const list = (values: number[]) => values.map((t) => t.toFixed(0)).join(' / ');
    console.log(
      `  ${page.padEnd(5)} cold ${cold.toFixed(0)} ms; warm ${list(warm)} ms; new tabs ${list(fresh)} ms` +
        ` (the count screen's ceiling: ${COUNT_SCREEN_CEILING_MS} ms)`,
    );
  }
} finally {
  await chromium.close();
  await server.stop(true);
  await rm(outDir, { recursive: true, force: true });
}
