import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/** Asks the OS for a port nobody is listening on, so a run never collides with a dev server. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No free port')),
      );
    });
  });
}

// The config is evaluated again in every worker; the environment carries the first choice to them, so the
// server and the tests agree on one port and one fresh database.
process.env.PARSTOCK_E2E_PORT ??= String(await freePort());
process.env.PARSTOCK_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'parstock-e2e-'));
const port = Number(process.env.PARSTOCK_E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  outputDir: './test-results',
  // One database is shared by every test, and sign-in is rate limited per address: run them one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    viewport: { width: 1280, height: 800 },
    // One context for the run, reset between tests (e2e/support/reused-context.ts, decision 111).
    reuseContext: true,
    // The offline app's service worker would answer requests that `page.route` never sees (decision 034):
    // tests run without it unless they opt in (e2e/offline-app.e2e.ts).
    serviceWorkers: 'block',
    // Recording a trace costs a fifth to a quarter of the suite's time even for tests that pass; a failing test is
    // traced by running it again with `--trace on` (README, "Test it").
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // Builds the web app, then starts the real BFF on an empty data folder, so the demo seed runs. Under `npm test`
    // the web app is built and the folder seeded already (scripts/test-all.ts).
    command:
      process.env.PARSTOCK_E2E_WEB_BUILT === '1'
        ? 'node_modules/.bin/bun bff/src/main.ts'
        : 'node_modules/.bin/bun web/build.ts && node_modules/.bin/bun bff/src/main.ts',
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      DATA_DIR: process.env.PARSTOCK_E2E_DATA_DIR,
    },
  },
});
