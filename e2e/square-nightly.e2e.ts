import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, test } from './support/app-test.ts';

/*
 * A Parstock of its own, connected to a local Square server this file starts and stops: the admin tests and
 * syncs the connection, Nightly Counts show Square's figures and the variance, and with Square gone the
 * count still saves. The local Square server takes 2 s per answer, so the screen is seen working before
 * Square's figures arrive.
 */

const BUN = join(process.cwd(), 'node_modules', '.bin', 'bun');
const TOKEN = 'e2e-square-token';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No free port')),
      );
    });
  });
}

/** Starts a process and resolves once it prints `ready`. */
function start(args: string[], env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(BUN, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve(child);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`)));
  });
}

function stopped(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

let square: ChildProcess | undefined;
let parstock: ChildProcess | undefined;
let base = '';
let dataDir = '';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const squarePort = await freePort();
  square = await start(
    ['scripts/square-fake.ts', '--port', String(squarePort), '--token', TOKEN, '--delay-ms', '2000'],
    {},
    /Local Square server/,
  );
  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'parstock-square-e2e-'));
  parstock = await start(
    ['bff/src/main.ts'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SQUARE_ACCESS_TOKEN: TOKEN,
      SQUARE_ENVIRONMENT: 'sandbox',
      SQUARE_BASE_URL: `http://127.0.0.1:${squarePort}`,
    },
    /Parstock is listening/,
  );
  base = `http://127.0.0.1:${port}`;
});

test.afterAll(async () => {
  await stopped(parstock);
  await stopped(square);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signInAt(page: Page, role: keyof typeof DEMO, path: string) {
  const response = await page.request.post(`${base}/api/auth/login`, {
    data: { email: DEMO[role].email, password: DEMO_PASSWORD },
    headers: { origin: base },
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto(`${base}${path}`);
}

async function openNightlyCounts(page: Page, cafe: RegExp) {
  await signInAt(page, 'staff', '/');
  await page.getByRole('button', { name: /^Operation: / }).click();
  await page.getByRole('menuitem', { name: 'Nightly Counts', exact: true }).click();
  await page.getByRole('combobox', { name: 'Select Location' }).click();
  await page.getByRole('option', { name: cafe }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nightly Counts' })).toBeVisible();
}

test('the admin tests the connection and syncs: cafés and products are matched', async ({ page }) => {
  await signInAt(page, 'admin', '/admin/square');
  await expect(page.getByTestId('square-connection-mode')).toHaveText('Connected');
  await expect(page.getByTestId('square-last-sync')).toHaveText('Never synced.');

  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByTestId('square-test-result')).toContainText('Square answered');
  await expect(page.getByTestId('square-test-result')).toContainText('6 locations');

  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('square-last-sync')).toContainText('6 locations');
  await expect(page.getByTestId('square-last-sync')).toContainText('6 locations and');
  await expect(
    page.getByRole('combobox', { name: 'Square location of Courthouse Corner Kiosk' }),
  ).toHaveValue(/.+/);
  await expect(page.getByTestId('square-unmatched')).toContainText('Gift Card');
});

test("Nightly Counts show Square's figures and mark a variance beyond the threshold", async ({ page }) => {
  await openNightlyCounts(page, /Courthouse Corner Kiosk/);
  // Square takes 2 s: the rows are there and countable meanwhile, and the screen says it is fetching.
  await expect(page.getByText('Fetching Square inventory...')).toBeVisible();
  const rows = page.getByTestId('product-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().getByRole('textbox', { name: /^Count of / })).toBeEnabled();
  const figure = rows.first().getByTestId('square-quantity');
  await expect(figure).toHaveText(/^Square on hand: \d+$/);
  await expect(page.getByText('Fetching Square inventory...')).toHaveCount(0);
  for (const each of await page.getByTestId('square-quantity').all()) {
    await expect(each).toHaveText(/^Square on hand: \d+$/);
  }

  const onHand = Number(((await figure.textContent()) ?? '').replace(/\D/g, ''));
  const field = rows.first().getByRole('textbox', { name: /^Count of / });
  await field.fill(String(onHand + 5));
  await field.press('Tab');
  const variance = rows.first().getByTestId('square-variance');
  await expect(variance).toHaveText(/\+5$/);
  await expect(variance).toHaveAttribute('data-flagged', 'true');
  await field.fill(String(onHand));
  await field.press('Tab');
  await expect(variance).toHaveText(/±0$/);
  await expect(variance).toHaveAttribute('data-flagged', 'false');
  await expect(page.getByTestId('autosave-pill')).toHaveText('Saved');
});

test('with Square gone, rows show —, one notice says why, and counting still saves', async ({ page }) => {
  await stopped(square);
  await openNightlyCounts(page, /Market Hall Coffee Bar/);
  const notice = page.getByTestId('square-notice');
  await expect(notice).toContainText("Square's figures are unavailable");
  await expect(notice).toContainText('Parstock cannot reach Square right now');
  await expect(notice).toContainText('Counting and saving work as usual');
  for (const each of await page.getByTestId('square-quantity').all()) {
    await expect(each).toHaveText('Square on hand: —not available');
  }

  const field = page.getByRole('textbox', { name: /^Count of / }).first();
  const name = ((await field.getAttribute('aria-label')) ?? '').replace(/^Count of /, '');
  await page.getByRole('button', { name: `Increase count of ${name}` }).click();
  await expect(page.getByTestId('autosave-pill')).toHaveText('Saved');
  await page.reload();
  await expect(page.getByRole('textbox', { name: `Count of ${name}` })).not.toHaveValue('');
});
