import { createApp } from '@bff/app.ts';
import { parseConfig } from '@bff/config.ts';
import { FakeSquareServer } from '@bff/integrations/square/fake/fake-square-server.ts';
import { openSquareConnection, SQUARE_NOT_CONNECTED } from '@bff/integrations/square/square-connection.ts';
import { SecretValue } from '@bff/integrations/square/square-settings.ts';
import { SquareService } from '@bff/modules/square/square-service.ts';
import type { Db } from '@db/client.ts';
import { seedDemo } from '@db/seed/demo.ts';
import { DEMO_PASSWORD } from '@db/seed/demo-users.ts';
import { openTestDb } from '@db/testing/test-db.ts';

/**
 * Nightly Counts against Square, through the real server (app.handle) and the real SDK talking to the local
 * Square server. Prints:
 *   - the time until the screen is usable (the nightly count's rows answered) and until Square's figures
 *     are there, when the screen asks for both at once as the web does: Square not connected, and Square
 *     answering every request in BENCH_SQUARE_DELAY_MS (300 ms);
 *   - how many calls reach Square when BENCH_DEVICES (20) devices open one café's Nightly Counts at once.
 * Figures are printed, never asserted: they depend on the machine.
 */

const DELAY_MS = Number(process.env.BENCH_SQUARE_DELAY_MS ?? 300);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const TOKEN = 'bench-square-token';
const quiet = { info: () => {}, error: (message: string) => console.error(message) };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function signIn(app: ReturnType<typeof createApp>): Promise<string> {
  const response = await app.handle(
    new Request('http://localhost/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost' },
      body: JSON.stringify({ email: 'staff@parstock.test', password: DEMO_PASSWORD }),
    }),
  );
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
}

async function timedGet(app: ReturnType<typeof createApp>, path: string, cookie: string): Promise<number> {
  const started = performance.now();
  const response = await app.handle(new Request(`http://localhost${path}`, { headers: { cookie } }));
  await response.text();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return performance.now() - started;
}

async function screenOpen(db: Db, service: SquareService, locationId: number) {
  const app = createApp({
    db,
    config: parseConfig({ NODE_ENV: 'production' }),
    logger: quiet,
    square: service,
  });
  const cookie = await signIn(app);
  const rows: number[] = [];
  const figures: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    service.forgetFigures();
    const [rowsMs, figuresMs] = await Promise.all([
      timedGet(app, `/api/nightly-counts?locationId=${locationId}`, cookie),
      timedGet(app, `/api/square/on-hand?locationId=${locationId}`, cookie),
    ]);
    rows.push(rowsMs);
    figures.push(figuresMs);
  }
  return { app, cookie, rows: median(rows), figures: median(figures) };
}

const db = await openTestDb();
await seedDemo(db);
const [location] = await db.query<{ id: number }>(`SELECT id FROM locations WHERE code = 'DT-03'`);
const locationId = location?.id ?? 0;
const square = new FakeSquareServer({ token: TOKEN });
const connection = openSquareConnection({
  mode: 'account',
  token: new SecretValue(TOKEN),
  environment: 'sandbox',
  baseUrl: square.url,
});
const connected = new SquareService(db, connection, quiet);
await connected.sync(null);
square.faults.delayMs = DELAY_MS;

const off = await screenOpen(db, new SquareService(db, SQUARE_NOT_CONNECTED, quiet), locationId);
const on = await screenOpen(db, connected, locationId);

connected.forgetFigures();
square.requests.length = 0;
await Promise.all(
  Array.from({ length: DEVICES }, () =>
    Promise.all([
      timedGet(on.app, `/api/nightly-counts?locationId=${locationId}`, on.cookie),
      timedGet(on.app, `/api/square/on-hand?locationId=${locationId}`, on.cookie),
    ]),
  ),
);
const squareCalls = square.requestCount('/v2/inventory/counts/batch-retrieve');

const fmt = (value: number) => `${Math.round(value)} ms`;
console.log(
  `Nightly Counts at the Courthouse Corner Kiosk, median of ${ROUNDS} opens (rows and figures asked at once):`,
);
console.log(
  `  Square not connected:        usable after ${fmt(off.rows)}; Square answer (not connected) after ${fmt(off.figures)}`,
);
console.log(
  `  Square answering in ${DELAY_MS} ms:  usable after ${fmt(on.rows)}; Square's figures after ${fmt(on.figures)}`,
);
console.log(
  `${DEVICES} devices opening it at once: ${squareCalls} Square call${squareCalls === 1 ? '' : 's'} (${square.requestCount()} requests in all)`,
);

await square.stop();
await db.close();
