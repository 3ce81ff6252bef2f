import { launchBareChromium } from './support/bare-chromium.ts';

/**
 * Whether this machine's Chromium reads a code cache back for a script, by kind of script and by how the service
 * worker hands it over (decision 084). One page per kind loads a script of BENCH_FUNCTIONS (4,000) functions, all
 * called as it loads, and is opened in BENCH_TABS (7) new tabs of one profile, CPU BENCH_CPU_THROTTLE (4) times
 * slower; each tab prints the time from navigation until the script has run. A script read back from the code cache
 * runs in a fraction of the time of one compiled again, from the second or third tab on.
 *
 * Kinds: a classic script; a module script, as the app's are; the same module opening with the compile hint every
 * app chunk carries (decision 075). Each kind is served three ways: by the worker straight from its cache (as
 * precached files were before decision 084), by the worker as a copy of the cached answer (as they are now), and
 * with no worker (the HTTP cache). Printed, never asserted.
 */

const FUNCTIONS = Number(process.env.BENCH_FUNCTIONS ?? 4000);
const TABS = Number(process.env.BENCH_TABS ?? 7);
const CPU_THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 4);

type Kind = 'classic' | 'module' | 'module-hint';
type Delivery = 'stored' | 'copy' | 'http';
const KINDS: Kind[] = ['classic', 'module', 'module-hint'];
const DELIVERIES: Delivery[] = ['stored', 'copy', 'http'];
const DELIVERY_NAMES: Record<Delivery, string> = {
  stored: "the worker's stored answer",
  copy: 'a copy made by the worker',
  http: 'no worker (HTTP cache)',
};

/** A script that defines and calls FUNCTIONS small functions, then notes when it is done. */
function scriptText(tag: string, kind: Kind): string {
  const lines = kind === 'module-hint' ? ['//# allFunctionsCalledOnLoad'] : [];
  lines.push(`let sum_${tag} = 0;`);
  for (let i = 0; i < FUNCTIONS; i++) {
    lines.push(
      `function f_${tag}_${i}(x) { let y = x * ${(i % 7) + 1}; for (let k = 0; k < 3; k++) y = (y ^ ${i}) + k; return y % 3 === 0 ? y + ${i} : y - 1; }`,
    );
  }
  for (let i = 0; i < FUNCTIONS; i++) lines.push(`sum_${tag} += f_${tag}_${i}(${i});`);
  lines.push('window.scriptRanAt = performance.now();');
  if (kind !== 'classic') lines.push('export {};');
  return lines.join('\n');
}

// Every page and script has an address of its own, so no kind or delivery shares a cache entry with another.
const files = new Map<string, { body: string; type: string; immutable: boolean }>();
for (const delivery of DELIVERIES) {
  for (const kind of KINDS) {
    const name = `${delivery}-${kind}`;
    const tag = name.replaceAll('-', '_');
    files.set(`/${name}.js`, { body: scriptText(tag, kind), type: 'text/javascript', immutable: true });
    const attributes = kind === 'classic' ? '' : 'type="module" crossorigin';
    const register = delivery === 'http' ? '' : '<script src="/register.js"></script>';
    files.set(`/${name}.html`, {
      body: `<!doctype html><html><head>${register}<script ${attributes} src="/${name}.js"></script></head><body></body></html>`,
      type: 'text/html',
      immutable: false,
    });
  }
}
const workerScripts = [...files.keys()].filter((path) => path.endsWith('.js') && !path.startsWith('/http-'));
files.set('/register.js', {
  body: "navigator.serviceWorker.register('/worker.js');",
  type: 'text/javascript',
  immutable: false,
});
files.set('/worker.js', {
  body: `
const SCRIPTS = ${JSON.stringify(workerScripts)};
self.addEventListener('install', (event) =>
  event.waitUntil(caches.open('scripts').then((cache) => cache.addAll(SCRIPTS)).then(() => self.skipWaiting())));
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  const path = new URL(event.request.url).pathname;
  if (!SCRIPTS.includes(path)) return;
  event.respondWith(caches.match(event.request).then((stored) =>
    path.startsWith('/copy-')
      ? new Response(stored.body, { status: stored.status, statusText: stored.statusText, headers: stored.headers })
      : stored));
});`,
  type: 'text/javascript',
  immutable: false,
});

const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(request) {
    const file = files.get(new URL(request.url).pathname);
    if (!file) return new Response('Not found', { status: 404 });
    const cacheControl = file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache';
    return new Response(file.body, { headers: { 'content-type': file.type, 'cache-control': cacheControl } });
  },
});
const origin = `http://127.0.0.1:${server.port}`;
const chromium = await launchBareChromium();
const ran =
  'new Promise((resolve) => { const check = () => window.scriptRanAt ? resolve(window.scriptRanAt) : setTimeout(check, 5); check(); })';

try {
  // The worker installs (caching every worker-served script) before anything is timed.
  const setup = await chromium.openTab('', 1);
  await setup.open(`${origin}/stored-module.html`, 'navigator.serviceWorker.ready.then(() => true)');
  await setup.evaluate('new Promise((resolve) => setTimeout(resolve, 1000))');
  await setup.close();

  console.log(
    `A script of ${FUNCTIONS.toLocaleString('en-US')} functions, all called as it loads, opened in ${TABS} new tabs` +
      ` (CPU ${CPU_THROTTLE}× slower): ms from navigation until it has run`,
  );
  for (const delivery of DELIVERIES) {
    console.log(`\n${DELIVERY_NAMES[delivery]}`);
    for (const kind of KINDS) {
      const times: number[] = [];
      for (let tab = 0; tab < TABS; tab++) {
        const page = await chromium.openTab('', CPU_THROTTLE);
        times.push(Math.round(await page.open<number>(`${origin}/${delivery}-${kind}.html`, ran)));
        await page.close();
      }
      const later = times.slice(2).sort((a, b) => a - b);
      const median = later[Math.floor(later.length / 2)] ?? 0;
      console.log(`  ${kind.padEnd(12)} ${times.join(', ')} ms (tabs 3 on, median ${median} ms)`);
    }
  }
} finally {
  await chromium.close();
  server.stop(true);
}
