import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '@db/seed/demo-users.ts';
import type { BrowserContext, Page } from '@playwright/test';
import { UPDATE_CHOSEN_KEY } from '@web/lib/offline/service-worker-client.ts';
import { accountButton, chooseLocation, chooseOperation, expect, test } from './support/app-test.ts';
import { blockingViolations } from './support/axe.ts';
import { emulateDeviceOnlineFlag, setDeviceOffline } from './support/device-network.ts';

/*
 * The installable offline app (decision 034) in Chromium with its service worker on (the other tests block
 * it). Counting happens only at the Northgate Station Kiosk (NS-03), which no other browser test reads, as
 * Aisha Patel (staff at NS-02 and NS-03); Tyler Nguyen (staff at NS-01 and NS-02) is the second person on
 * the device and may never see NS-03.
 */

const KIOSK = { code: 'NS-03', name: /Northgate Station Kiosk/ };
const FIRST = { email: 'aisha.patel@parstock.test', name: 'Aisha Patel' };
const SECOND = { email: 'tyler.nguyen@parstock.test', name: 'Tyler Nguyen' };
// The kiosk's café manager, who sets its PARs.
const MANAGER = { email: 'elena.vasquez@parstock.test' };
const SERVICE_WORKER_FILE = join(process.cwd(), 'web', 'dist', 'sw.js');
const OFFLINE_LIST = /Offline — showing the list from \d\d:\d\d/;

test.use({
  serviceWorkers: 'allow',
  // A context of its own for each test: the reset between reused contexts leaves the worker's Cache Storage.
  reuseContext: false,
  // With the network off, the browser logs each request it could not make (the outbox's saves among them).
  // (One pattern: Playwright reads a two-element array here as a value and its options.)
  allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to load resource/],
});

function origin(): string {
  return new URL(test.info().project.use.baseURL as string).origin;
}

async function signInAs(page: Page, email: string): Promise<void> {
  const response = await page.request.post('/api/auth/login', {
    data: { email, password: DEMO_PASSWORD },
    headers: { origin: origin() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function kioskId(page: Page): Promise<number> {
  const response = await page.request.get('/api/user/locations');
  const found = ((await response.json()) as { id: number; code: string }[]).find(
    (l) => l.code === KIOSK.code,
  );
  if (!found) throw new Error(`No ${KIOSK.code} for this user`);
  return found.id;
}

function countFields(page: Page) {
  return page.getByRole('textbox', { name: /^Count of / });
}

/** Whether the worker has kept the counting screens' lists (products, order, the café's inventory and sheet). */
function listIsKept(page: Page, locationId: number): Promise<boolean> {
  return page.evaluate(async (id) => {
    if (!navigator.serviceWorker.controller) return false;
    const urls: string[] = [];
    for (const name of ['parstock-reads-person', 'parstock-reads-cafes']) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    const reads = [
      '/api/products?shape=compact',
      '/api/admin/category-order',
      `/api/inventory?locationId=${id}&shape=compact`,
      `/api/nightly-counts?locationId=${id}`,
    ];
    return reads.every((read) => urls.some((url) => url.endsWith(read)));
  }, locationId);
}

/** Signs in, starts a count at the kiosk, opens Count Inventory there, and waits until it is kept offline. */
async function openKioskCount(page: Page): Promise<number> {
  await signInAs(page, FIRST.email);
  const id = await kioskId(page);
  const started = await page.request.post('/api/count-sessions/start', {
    data: { locationId: id },
    headers: { origin: origin() },
  });
  expect(started.ok(), await started.text()).toBe(true);
  await page.goto('/');
  await expect(accountButton(page)).toBeVisible();
  await chooseOperation(page, 'Count Inventory');
  await chooseLocation(page, KIOSK.name);
  await expect(page.getByRole('heading', { level: 1, name: 'Count Inventory' })).toBeVisible();
  await expect(countFields(page).first()).toBeEnabled();
  await expect.poll(() => listIsKept(page, id)).toBe(true);
  return id;
}

async function storedCount(page: Page, locationId: number, productName: string): Promise<number | null> {
  const response = await page.request.get(`/api/inventory?locationId=${locationId}`);
  const body = (await response.json()) as { items: { productName: string; count: number | null }[] };
  return body.items.find((item) => item.productName === productName)?.count ?? null;
}

/** The count of `productName` in the kept copy of a café's read (`read`), as the offline app would show it. */
async function keptCount(page: Page, read: string, productName: string): Promise<number | null> {
  return page.evaluate(
    async ({ read, name }) => {
      const cache = await caches.open('parstock-reads-cafes');
      for (const request of await cache.keys()) {
        if (!request.url.endsWith(read)) continue;
        const kept = (await (await cache.match(request))?.json()) as {
          items: { productName: string; count?: number | null }[];
        };
        return kept.items.find((item) => item.productName === name)?.count ?? null;
      }
      return null;
    },
    { read, name: productName },
  );
}

const UPDATE_READY = 'A new version of Parstock is ready';

/**
 * Deploys a next version of the worker script (made from the built one), waits until the page offers it, runs
 * `body` with the dialogs the page raised meanwhile, and puts the built script back. The reload keeps the outbox
 * on disk, so the browser's "Leave site?" must never stand in its way: a test expects `dialogs` to stay empty.
 */
async function withNextVersion(
  page: Page,
  nextScript: (original: string) => string,
  body: (dialogs: string[]) => Promise<void>,
): Promise<void> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.accept();
  });
  const original = readFileSync(SERVICE_WORKER_FILE, 'utf8');
  try {
    writeFileSync(SERVICE_WORKER_FILE, nextScript(original));
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await expect(page.getByText(UPDATE_READY, { exact: true })).toBeVisible();
    await body(dialogs);
  } finally {
    writeFileSync(SERVICE_WORKER_FILE, original);
  }
}

/** The count goes on with no network: the `nth` field gets `value`, which waits in the outbox. Its product. */
async function typeOffline(page: Page, context: BrowserContext, nth: number, value: string): Promise<string> {
  await setDeviceOffline(context, page, true);
  const field = countFields(page).nth(nth);
  const product = await productOf(field);
  await field.fill(value);
  await field.press('Tab');
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('parstock:outbox:'))))
    .toBe(true);
  return product;
}

/** No version waits, and the page that showed it started so: no reload for the chosen update is still to come. */
async function updateIsDone(page: Page): Promise<boolean> {
  return page.evaluate(
    async (key) =>
      !(await navigator.serviceWorker.getRegistration())?.waiting && sessionStorage.getItem(key) === null,
    UPDATE_CHOSEN_KEY,
  );
}

async function hasWaitingVersion(page: Page): Promise<boolean> {
  return page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting);
}

async function productOf(field: ReturnType<typeof countFields>): Promise<string> {
  const label = await field.getAttribute('aria-label');
  if (!label) throw new Error('A count field without a name');
  return label.replace(/^Count of /, '');
}

test.describe('the offline app', () => {
  test.use({ viewport: { width: 375, height: 667 } });
  // Each test installs the worker, precaches the whole app and goes through several reloads and screens:
  // more steps than the default 30 s allows on a loaded machine (a budget for the test, not a speed check).
  test.beforeEach(async ({ context }) => {
    test.slow();
    await emulateDeviceOnlineFlag(context);
  });

  test('a count opens with no network and what is typed reaches the server when it returns', async ({
    page,
    context,
  }, testInfo) => {
    const id = await openKioskCount(page);
    // The installed app holds the barcode reader's WebAssembly as well, for scanning with no signal.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          for (const name of await caches.keys()) {
            const cached = await (await caches.open(name)).keys();
            if (cached.some((request) => new URL(request.url).pathname.endsWith('.wasm'))) return true;
          }
          return false;
        }),
      )
      .toBe(true);

    await setDeviceOffline(context, page, true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Count Inventory' })).toBeVisible();
    await expect(page.getByTestId('offline-list-notice')).toContainText(OFFLINE_LIST);
    const field = countFields(page).first();
    await expect(field).toBeEnabled();
    const product = await productOf(field);
    await field.fill('7');
    await field.press('Tab');
    // What only the server can do is refused at once, not left waiting behind the busy cover, and the count stays.
    await page.getByRole('button', { name: 'Start Count', exact: true }).click();
    await page.getByRole('button', { name: 'Start new count', exact: true }).click();
    await expect(
      page.getByText('Starting a new count needs the network', { exact: true }).filter({ visible: true }),
    ).toBeVisible();
    await expect(page.getByText('Processing...')).toHaveCount(0);
    await expect(field).toHaveValue('7');
    await expect(field).toBeEnabled();
    await page.getByRole('button', { name: 'Submit Count', exact: true }).click();
    await expect(
      page.getByText('Submitting the count needs the network', { exact: true }).filter({ visible: true }),
    ).toBeVisible();
    await expect(field).toBeEnabled();
    await page.screenshot({ path: testInfo.outputPath('offline-count-375.png') });
    expect(await blockingViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: testInfo.outputPath('offline-count-1280.png') });
    await page.setViewportSize({ width: 375, height: 667 });

    // Screens only the server can answer say so rather than spin.
    await page.goto('/approvals');
    await expect(page.getByText('This screen needs a connection')).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('offline-approvals-375.png') });
    await page.goBack();
    await expect(countFields(page).first()).toBeEnabled();

    // Nightly Counts opens too, though only Count Inventory was open before the network went.
    await chooseOperation(page, 'Nightly Counts');
    await expect(page.getByRole('heading', { level: 1, name: 'Nightly Counts' })).toBeVisible();
    const nightlyField = countFields(page).first();
    await expect(nightlyField).toBeEnabled();
    const nightlyProduct = await productOf(nightlyField);
    const nightlyValue = String(Number((await nightlyField.inputValue()) || '0') + 3);
    await nightlyField.fill(nightlyValue);
    await nightlyField.press('Tab');
    await expect(page.getByTestId('autosave-pill')).not.toHaveText('Saved');
    // Square's figures were never kept here: the screen says so instead of fetching for ever.
    await expect(page.getByTestId('square-notice')).toContainText("Square's figures are unavailable");
    await page.screenshot({ path: testInfo.outputPath('offline-nightly-375.png') });

    await setDeviceOffline(context, page, false);
    await expect(page.getByTestId('autosave-pill')).toHaveText('Saved');
    await expect(nightlyField).toHaveValue(nightlyValue);
    await expect.poll(() => storedCount(page, id, product)).toBe(7);
    // Fresh answers replace the kept ones, and the notice goes.
    await expect(page.getByTestId('offline-list-notice')).toBeHidden();
    const nightly = (await (await page.request.get(`/api/nightly-counts?locationId=${id}`)).json()) as {
      items: { productName: string; count: number | null }[];
    };
    expect(nightly.items.find((item) => item.productName === nightlyProduct)?.count).toBe(
      Number(nightlyValue),
    );
  });

  test('counts saved before the network went show in the lists reopened without it', async ({
    page,
    context,
  }) => {
    const id = await openKioskCount(page);
    const field = countFields(page).nth(1);
    const product = await productOf(field);
    const value = String(Number((await field.inputValue()) || '0') + 5);
    await field.fill(value);
    await field.press('Enter');
    await expect(page.getByTestId('autosave-pill')).toHaveText('Saved');
    await expect.poll(() => storedCount(page, id, product)).toBe(Number(value));

    await chooseOperation(page, 'Nightly Counts');
    const nightlyField = countFields(page).nth(1);
    await expect(nightlyField).toBeEnabled();
    const nightlyProduct = await productOf(nightlyField);
    const nightlyValue = String(Number((await nightlyField.inputValue()) || '0') + 2);
    await nightlyField.fill(nightlyValue);
    await nightlyField.press('Enter');
    await expect(page.getByTestId('autosave-pill')).toHaveText('Saved');
    // The saved numbers reach the kept lists once the page hands its saves on, at most 10 s later (decision 074).
    await expect
      .poll(() => keptCount(page, `/api/nightly-counts?locationId=${id}`, nightlyProduct), {
        timeout: 20_000,
      })
      .toBe(Number(nightlyValue));
    expect(await keptCount(page, `/api/inventory?locationId=${id}&shape=compact`, product)).toBe(
      Number(value),
    );

    await setDeviceOffline(context, page, true);
    await page.reload();
    await expect(page.getByTestId('offline-list-notice')).toContainText(OFFLINE_LIST);
    await expect(page.getByRole('textbox', { name: `Count of ${nightlyProduct}` })).toHaveValue(nightlyValue);
    await chooseOperation(page, 'Count Inventory');
    await expect(page.getByTestId('offline-list-notice')).toContainText(OFFLINE_LIST);
    const countField = page.getByRole('textbox', { name: `Count of ${product}` });
    await expect(countField).toHaveValue(value);

    // Back online, a number saved just before the network goes again: the page hands its save on as it reloads,
    // and the worker writes it into the kept list when the reload's read needs it.
    await setDeviceOffline(context, page, false);
    await expect(page.getByTestId('offline-list-notice')).toBeHidden();
    const next = String(Number(value) + 1);
    await countField.fill(next);
    await countField.press('Tab');
    await expect(page.getByTestId('autosave-pill')).toHaveText('Saved');
    await setDeviceOffline(context, page, true);
    await page.reload();
    await expect(page.getByTestId('offline-list-notice')).toContainText(OFFLINE_LIST);
    await expect(page.getByRole('textbox', { name: `Count of ${product}` })).toHaveValue(next);
  });

  test('Set PARs opens with no network and the PAR typed there is saved when it returns', async ({
    page,
    context,
  }) => {
    await signInAs(page, MANAGER.email);
    const id = await kioskId(page);
    await page.goto('/');
    await expect(accountButton(page)).toBeVisible();
    await chooseOperation(page, 'Set PARs');
    await chooseLocation(page, KIOSK.name);
    await expect(page.getByRole('heading', { level: 1, name: 'Set PARs' })).toBeVisible();
    await expect.poll(() => listIsKept(page, id)).toBe(true);

    await setDeviceOffline(context, page, true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Set PARs' })).toBeVisible();
    await expect(page.getByTestId('offline-list-notice')).toContainText(OFFLINE_LIST);
    const field = page.getByRole('textbox', { name: /^PAR of / }).first();
    await expect(field).toBeEnabled();
    const product = ((await field.getAttribute('aria-label')) ?? '').replace(/^PAR of /, '');
    const before = await field.inputValue();
    const next = String(Number(before || '0') + 2);
    await field.fill(next);
    await field.press('Tab');

    await setDeviceOffline(context, page, false);
    await expect(page.getByTestId('autosave-pill')).toHaveText('Saved');
    const inventory = (await (await page.request.get(`/api/inventory?locationId=${id}`)).json()) as {
      items: { productName: string; par: number | null }[];
    };
    expect(inventory.items.find((item) => item.productName === product)?.par).toBe(Number(next));
    // Put the PAR back: the kiosk's figures are the demo's again for whoever looks next.
    await field.fill(before);
    await field.press('Tab');
    await expect(page.getByTestId('autosave-pill')).toHaveText('Saved');
  });

  test('signing out with no network leaves nothing of that person for the next one', async ({
    page,
    context,
  }) => {
    await openKioskCount(page);

    await setDeviceOffline(context, page, true);
    await accountButton(page).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    const kept = await page.evaluate(async () =>
      (await caches.keys()).filter((n) => n.startsWith('parstock-')),
    );
    expect(kept.filter((name) => name.includes('reads') || name.includes('reader'))).toEqual([]);
    // A reload with no network still shows the landing page, not the last person's count.
    await page.reload();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(accountButton(page)).toHaveCount(0);

    await setDeviceOffline(context, page, false);
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(SECOND.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(accountButton(page)).toHaveAccessibleName(new RegExp(SECOND.name));
    await expect(page.getByText(KIOSK.name)).toHaveCount(0);
    await expect(page.getByText(FIRST.name)).toHaveCount(0);
    // The session that was signed out offline was ended on the server before the new one began.
    const me = (await (await page.request.get('/api/auth/user')).json()) as { email: string };
    expect(me.email).toBe(SECOND.email);
    const keys = await page.evaluate(async () => {
      const found: string[] = [];
      for (const name of await caches.keys()) {
        if (!name.startsWith('parstock-reads')) continue;
        for (const request of await (await caches.open(name)).keys()) found.push(request.url);
      }
      return found;
    });
    const second = (await (await page.request.get('/api/auth/user')).json()) as { id: number };
    expect(keys.every((url) => url.includes(`/__parstock/reads/${second.id}/`))).toBe(true);
  });

  test('a new version waits, offers a reload, and the outbox comes through it', async ({ page, context }) => {
    const id = await openKioskCount(page);
    // A deploy: the worker script changes by a byte, so the browser installs it as a new version.
    await withNextVersion(
      page,
      (original) => `${original}\n// next release\n`,
      async (dialogs) => {
        const product = await typeOffline(page, context, 1, '5');
        await Promise.all([
          page.waitForEvent('load'),
          page.getByRole('button', { name: 'Reload to update' }).click(),
        ]);
        await expect(page.getByRole('heading', { level: 1, name: 'Count Inventory' })).toBeVisible();
        await expect(page.getByRole('textbox', { name: `Count of ${product}` })).toHaveValue('5');
        // Polled: a version Chromium left parked takes the page on the reload's second ask, one reload later.
        await expect.poll(() => updateIsDone(page)).toBe(true);
        expect(dialogs).toEqual([]);

        await setDeviceOffline(context, page, false);
        await expect.poll(() => storedCount(page, id, product)).toBe(5);
      },
    );
  });

  test('a new version that never takes the page still reloads it, and is offered again', async ({
    page,
    context,
  }, testInfo) => {
    const id = await openKioskCount(page);
    // A version that ignores "skip waiting", as Chromium's parked activation behaves: no takeover comes.
    const ignoringSkipWaiting = (original: string) =>
      `self.addEventListener('message', (event) => event.stopImmediatePropagation());\n${original}`;
    await withNextVersion(page, ignoringSkipWaiting, async (dialogs) => {
      const product = await typeOffline(page, context, 2, '9');
      const reloaded = page.waitForEvent('load', { timeout: 15_000 });
      await page.getByRole('button', { name: 'Reload to update' }).click();
      // The wait for the takeover is not a dead button: the page says what comes.
      await expect(page.getByText('Updating Parstock…', { exact: true })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath('update-chosen.png') });
      await reloaded;
      await expect(page.getByRole('textbox', { name: `Count of ${product}` })).toHaveValue('9');
      await expect(page.getByText('Updating Parstock…', { exact: true })).toHaveCount(0);
      // The page after the reload asked once more, then offered the update again instead of reloading in a loop.
      await expect(page.getByText(UPDATE_READY, { exact: true })).toBeVisible({ timeout: 15_000 });
      expect(await hasWaitingVersion(page)).toBe(true);
      expect(dialogs).toEqual([]);

      await setDeviceOffline(context, page, false);
      await expect.poll(() => storedCount(page, id, product)).toBe(9);
    });
  });
});

test.describe('installing on an iPhone', () => {
  test.use({
    viewport: { width: 375, height: 667 },
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  });

  test('the profile menu shows the Add to Home Screen steps, and the page links the manifest and icon', async ({
    page,
  }, testInfo) => {
    await signInAs(page, FIRST.email);
    await page.goto('/');
    await expect(accountButton(page)).toBeVisible();
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveCount(1);
    await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute('content', 'yes');
    const manifest = await page.request.get('/manifest.webmanifest');
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
    expect(((await manifest.json()) as { display: string }).display).toBe('standalone');

    await accountButton(page).click();
    await page.getByRole('menuitem', { name: 'Install Parstock' }).click();
    const steps = page.getByRole('dialog', { name: 'Add Parstock to your Home Screen' });
    await expect(steps).toContainText('Add to Home Screen');
    await page.screenshot({ path: testInfo.outputPath('install-ios-375.png') });
  });
});
