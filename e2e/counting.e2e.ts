import { countCompletionSchema } from '@engine/api-schemas.ts';
import { countCompletedLabel, whenPhrase } from '@engine/cafe-time-labels.ts';
import type { Page } from '@playwright/test';
import { chooseLocation, chooseOperation, DEMO, expect, signIn, test } from './support/app-test.ts';

/*
 * Count Inventory against the real server. These tests count only at the Courthouse Corner Kiosk (DT-03),
 * and each starts its own count there, so they depend on nothing another test left behind.
 */

const KIOSK = { code: 'DT-03', name: /Courthouse Corner Kiosk/ };

interface InventoryItem {
  productId: number;
  productName: string;
  count: number | null;
  confirmed: boolean;
  countedAt: string | null;
}

function origin(): string {
  return new URL(test.info().project.use.baseURL as string).origin;
}

async function locationId(page: Page, code: string): Promise<number> {
  const response = await page.request.get('/api/user/locations');
  const location = ((await response.json()) as { id: number; code: string }[]).find(
    (one) => one.code === code,
  );
  if (!location) throw new Error(`No location ${code} for this user`);
  return location.id;
}

/** A write as the browser sends it (the server refuses writes without an Origin). */
async function post(page: Page, url: string, data: unknown): Promise<unknown> {
  const response = await page.request.post(url, { data, headers: { origin: origin() } });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

async function storedCounts(page: Page, id: number): Promise<Map<string, InventoryItem>> {
  const response = await page.request.get(`/api/inventory?locationId=${id}`);
  const body = (await response.json()) as { countSession: { id: number } | null; items: InventoryItem[] };
  return new Map(body.items.map((item) => [item.productName, item]));
}

async function openSessionId(page: Page, id: number): Promise<number | null> {
  const response = await page.request.get(`/api/inventory?locationId=${id}`);
  return ((await response.json()) as { countSession: { id: number } | null }).countSession?.id ?? null;
}

/** Signs in, starts a fresh count at the kiosk through the API, and opens Count Inventory there. */
async function openFreshCount(page: Page): Promise<number> {
  await signIn(page, 'staff');
  const id = await locationId(page, KIOSK.code);
  await post(page, '/api/count-sessions/start', { locationId: id });
  await chooseOperation(page, 'Count Inventory');
  await chooseLocation(page, KIOSK.name);
  await expect(page.getByRole('heading', { level: 1, name: 'Count Inventory' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Count of / }).first()).toBeEnabled();
  return id;
}

const pill = (page: Page) => page.getByTestId('autosave-pill');
const focusedField = (page: Page) => page.locator('input:focus');
const productOf = (label: string | null) => (label ?? '').replace(/^Count of /, '');

/** Types into the focused field and presses Enter; returns the product it was typed for. */
async function typeAndEnter(page: Page, text: string): Promise<string> {
  const label = await focusedField(page).getAttribute('aria-label');
  expect(label).toMatch(/^Count of /);
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await expect(focusedField(page)).not.toHaveAttribute('aria-label', label ?? '');
  return productOf(label);
}

/**
 * Cuts the count's saves off, then types `values` into the list from its first field on; returns what was
 * typed, by product, once each waits unsaved.
 */
async function typeWhileSavesFail(page: Page, values: readonly string[]): Promise<Map<string, string>> {
  await page.route('**/api/count-sessions/items', (route) => route.abort());
  await page
    .getByRole('textbox', { name: /^Count of / })
    .first()
    .click();
  const typed = new Map<string, string>();
  for (const value of values) typed.set(await typeAndEnter(page, value), value);
  await expect(pill(page)).toHaveText(`${values.length} unsaved`);
  return typed;
}

/** Every typed number is the count stored on the server. */
async function expectStored(page: Page, id: number, typed: ReadonlyMap<string, string>): Promise<void> {
  const stored = await storedCounts(page, id);
  for (const [name, value] of typed) expect(stored.get(name)?.count, name).toBe(Number(value));
}

test.describe('Count Inventory', () => {
  test('a whole category is counted from the keyboard alone, and every number reaches the server', async ({
    page,
  }) => {
    const id = await openFreshCount(page);
    const category = page.getByTestId('current-category');
    await expect(category).toHaveText('Espresso & Coffee');
    const detail = await page.getByText(/^0 of \d+ counted$/).textContent();
    const total = Number(/of (\d+)/.exec(detail ?? '')?.[1]);
    expect(total).toBeGreaterThanOrEqual(15);
    // 15 or more products: the list is virtualized, so Enter must bring rows that are not drawn yet.
    await expect(page.locator('section[data-virtualized]')).toBeVisible();

    await page
      .getByRole('textbox', { name: /^Count of / })
      .first()
      .click();
    const typed = new Map<string, number>();
    for (let index = 0; index < total; index++) {
      const value = index % 4 === 3 ? (index % 9) + 0.5 : (index % 9) + 1;
      typed.set(await typeAndEnter(page, String(value)), value);
    }
    expect(typed.size).toBe(total);

    // Enter on the last item opened the next category with its first field focused.
    await expect(category).toHaveText('Dairy & Alternatives');
    await expect(page.getByRole('textbox', { name: /^Count of / }).first()).toBeFocused();
    await expect(pill(page)).toHaveText('Saved');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Count Inventory' })).toBeVisible();
    const stored = await storedCounts(page, id);
    for (const [name, value] of typed) {
      expect(stored.get(name)?.count, name).toBe(value);
    }
    // The tab keeps the category it was in through the reload; the one counted is a step back.
    await expect(category).toHaveText('Dairy & Alternatives');
    await page.getByRole('button', { name: /Previous/ }).click();
    await expect(category).toHaveText('Espresso & Coffee');
    const [firstName, firstValue] = [...typed.entries()][0] ?? ['', 0];
    await expect(page.getByRole('textbox', { name: `Count of ${firstName}` })).toHaveValue(
      String(firstValue),
    );
  });

  test('the re-confirmation guard refuses a count whose confirmed item was edited', async ({ page }) => {
    const id = await openFreshCount(page);
    const field = page.getByRole('textbox', { name: /^Count of / }).first();
    const name = productOf(await field.getAttribute('aria-label'));
    const row = page.locator(`[data-product="${name}"]`);

    await field.fill('2');
    await page.getByRole('checkbox', { name: `Confirm count of ${name}` }).click();
    await expect(pill(page)).toHaveText('Saved');
    await field.fill('3');
    await expect(row.getByText('Edited after confirmation')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: `Confirm count of ${name}` })).not.toBeChecked();
    await expect(pill(page)).toHaveText('Saved');

    await page.getByRole('button', { name: 'Submit Count' }).click();
    const category = await page.getByTestId('current-category').textContent();
    const message = `1 item was edited after confirmation and must be re-confirmed before completing the count: ${name} (${category}).`;
    const toast = page.locator('[data-slot="toast"][data-variant="destructive"]');
    await expect(toast.getByText('Re-confirmation Required', { exact: true })).toBeVisible();
    await expect(toast.getByText(message, { exact: true })).toBeVisible();

    // The server applies the same rule to anyone who skips the screen.
    const refused = await page.request.post('/api/count-completions/complete', {
      data: { locationId: id },
      headers: { origin: origin() },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'reconfirmation_required', message });

    await page.getByRole('checkbox', { name: `Confirm count of ${name}` }).click();
    await expect(row.getByText('Edited after confirmation')).toBeHidden();
    await page.getByRole('button', { name: 'Submit Count' }).click();
    // The kiosk's other products are not counted: completing asks first (see count-screens-new-user.e2e.ts).
    await page
      .getByRole('alertdialog', { name: 'Submit the count with gaps?' })
      .getByRole('button', { name: 'Submit count anyway' })
      .click();
    await expect(page.getByTestId('count-completed')).toHaveText(/Count Completed\s*Today \d\d:\d\d/);
    expect((await storedCounts(page, id)).get(name)).toMatchObject({ count: 3, confirmed: true });
  });

  test('a count completed with nothing confirmed says it will suggest nothing', async ({ page }) => {
    await openFreshCount(page);
    await page
      .getByRole('textbox', { name: /^Count of / })
      .first()
      .fill('2');
    await expect(pill(page)).toHaveText('Saved');
    await page.getByRole('button', { name: 'Submit Count' }).click();
    await page
      .getByRole('alertdialog', { name: 'Submit the count with gaps?' })
      .getByRole('button', { name: 'Submit count anyway' })
      .click();
    await expect(page.locator('[data-slot="toast"]').filter({ hasText: 'Count Completed' })).toContainText(
      '1 item counted, none confirmed: the Shopping List suggests orders only from confirmed counts.',
    );
  });

  test('Start Count and Clear Counts ask first, then empty the count', async ({ page }) => {
    const id = await openFreshCount(page);
    const field = page.getByRole('textbox', { name: /^Count of / }).first();
    const name = productOf(await field.getAttribute('aria-label'));
    await field.fill('4');
    await expect(pill(page)).toHaveText('Saved');
    const firstSession = await openSessionId(page, id);

    await page.getByRole('button', { name: 'Start Count' }).click();
    const startDialog = page.getByRole('alertdialog', { name: 'Start a new count?' });
    await expect(startDialog).toContainText('This will clear all existing counts and checkboxes.');
    await startDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(startDialog).toBeHidden();
    await expect(field).toHaveValue('4');

    await page.getByRole('button', { name: 'Start Count' }).click();
    await startDialog.getByRole('button', { name: 'Start new count' }).click();
    await expect(field).toHaveValue('');
    expect(await openSessionId(page, id)).not.toBe(firstSession);
    expect((await storedCounts(page, id)).get(name)?.count).toBeNull();

    await field.fill('5');
    await expect(pill(page)).toHaveText('Saved');
    const session = await openSessionId(page, id);
    await page.getByRole('button', { name: 'Clear Counts' }).click();
    const clearDialog = page.getByRole('alertdialog', { name: 'Clear all counts?' });
    await expect(clearDialog).toContainText(
      'This will clear all inventory counts and confirmations but keep the current count session active. This action cannot be undone.',
    );
    await clearDialog.getByRole('button', { name: 'Clear all counts' }).click();
    await expect(field).toHaveValue('');
    expect(await openSessionId(page, id)).toBe(session);
    expect((await storedCounts(page, id)).get(name)?.count).toBeNull();
  });
});

test.describe('Count Inventory without a connection', () => {
  // Saves stopped by the cut network, and the refusal of a save for a restarted count, are logged by the browser.
  test.use({ allowedConsoleErrors: [/net::ERR_FAILED|status of 409/] });

  test('numbers typed offline survive a reload and reach the server once it answers', async ({ page }) => {
    const id = await openFreshCount(page);
    const typed = await typeWhileSavesFail(page, ['3', '4.25', '5']);
    await expect(page.getByTestId('autosave-banner')).toContainText('3 items failed to save - retrying...');
    // Put away, the banner stays away while the retries fail; the pill still counts what waits.
    await page.getByRole('button', { name: 'Hide this message' }).click();
    await page.waitForTimeout(2500);
    await expect(page.getByTestId('autosave-banner')).toHaveCount(0);
    await expect(pill(page)).toHaveText('3 unsaved');
    await page.getByRole('button', { name: 'All operations' }).click({ trial: true });

    // Leaving with unsaved numbers asks first; the reload goes ahead, still without saves getting through.
    const dialogs: string[] = [];
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    expect(dialogs).toEqual(['beforeunload']);
    await expect(page.getByRole('heading', { level: 1, name: 'Count Inventory' })).toBeVisible();
    await expect(pill(page)).toHaveText('3 unsaved');
    for (const [name, value] of typed) {
      await expect(page.getByRole('textbox', { name: `Count of ${name}` })).toHaveValue(value);
      expect((await storedCounts(page, id)).get(name)?.count, name).toBeNull();
    }

    await page.unroute('**/api/count-sessions/items');
    // The next retry follows the backoff (1 s, 2 s, 4 s … after the reload).
    await expect(pill(page)).toHaveText('Saved', { timeout: 20_000 });
    await expectStored(page, id, typed);
  });
});

test.describe('Count Inventory when the count is restarted elsewhere', () => {
  test.use({ allowedConsoleErrors: [/net::ERR_FAILED|status of 409/] });

  test('numbers typed for the old count are kept and can be added to the new one', async ({ page }) => {
    const id = await openFreshCount(page);
    const typed = await typeWhileSavesFail(page, ['6', '7']);

    // Another device starts a new count while these numbers wait.
    await post(page, '/api/count-sessions/start', { locationId: id });
    await page.unroute('**/api/count-sessions/items');

    // The next retry (backoff: 1 s, 2 s, 4 s …) reaches the server, which refuses the old count's numbers.
    // Who started it and when, on the café's clock: here the same person, from "another device".
    const notice = page.getByRole('alert').filter({
      hasText: new RegExp(`${DEMO.staff.name} started a new count at this café today at \\d\\d:\\d\\d`),
    });
    await expect(notice).toBeVisible({ timeout: 20_000 });
    for (const [name, value] of typed) await expect(notice).toContainText(`${name} ${value}`);
    for (const name of typed.keys()) expect((await storedCounts(page, id)).get(name)?.count, name).toBeNull();

    await notice.getByRole('button', { name: 'Add to the new count' }).click();
    await expect(notice).toBeHidden();
    await expect(pill(page)).toHaveText('Saved');
    await expectStored(page, id, typed);
  });
});

test.describe('numbers typed for another café', () => {
  test.use({ allowedConsoleErrors: [/net::ERR_FAILED/] });

  test('are named on the screen open after a reload, and sent once their screen is opened from there', async ({
    page,
  }) => {
    const kiosk = await openFreshCount(page);
    await page.route('**/api/count-sessions/items', (route) => route.abort());
    const field = page.getByRole('textbox', { name: /^Count of / }).first();
    const product = productOf(await field.getAttribute('aria-label'));
    await field.fill('4');
    await expect(pill(page)).toHaveText('1 unsaved');
    await chooseLocation(page, /Market Hall Coffee Bar/);
    await expect(page.getByText('Market Hall Coffee Bar · DT-02')).toBeVisible();
    await page.reload();

    const notice = page.getByTestId('waiting-elsewhere');
    await expect(notice).toContainText('1 change for Courthouse Corner Kiosk · Count Inventory');
    expect((await storedCounts(page, kiosk)).get(product)?.count).toBeNull();
    await page.unroute('**/api/count-sessions/items');
    await notice.getByRole('button', { name: 'Open Courthouse Corner Kiosk · Count Inventory' }).click();
    await expect(page.getByText('Courthouse Corner Kiosk · DT-03')).toBeVisible();
    await expect(pill(page)).toHaveText('Saved');
    await expect.poll(async () => (await storedCounts(page, kiosk)).get(product)?.count).toBe(4);
    await expect(notice).toHaveCount(0);
  });
});

test.describe('Start Count on a screen behind a count started elsewhere', () => {
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test("does not wipe the new count another phone's staff have typed into", async ({ page }) => {
    const id = await openFreshCount(page);
    await page
      .getByRole('textbox', { name: /^Count of / })
      .first()
      .fill('2');
    await expect(pill(page)).toHaveText('Saved');
    // Another phone starts a new count, and a number goes into it, while this screen still shows the old one.
    const started = (await post(page, '/api/count-sessions/start', { locationId: id })) as {
      countSession: { id: number };
    };
    const inventory = (await (await page.request.get(`/api/inventory?locationId=${id}`)).json()) as {
      items: { productId: number; productName: string }[];
    };
    const last = inventory.items.at(-1);
    if (!last) throw new Error('The café has no products');
    await post(page, '/api/count-sessions/items', {
      locationId: id,
      sessionId: started.countSession.id,
      items: [{ productId: last.productId, count: 11, confirmed: false, typedAt: new Date().toISOString() }],
    });

    await page.getByRole('button', { name: 'Start Count' }).click();
    await page
      .getByRole('alertdialog', { name: 'Start a new count?' })
      .getByRole('button', { name: 'Start new count' })
      .click();
    await expect(
      page.locator('[data-slot="toast"]').filter({ hasText: 'Could not start a new count' }),
    ).toContainText(
      'A new count was already started at this café after this screen read it; nothing was cleared',
    );
    expect((await storedCounts(page, id)).get(last.productName)?.count).toBe(11);
  });
});

test.describe('Count Inventory completed on another device', () => {
  // The second completion's refusal is logged by the browser.
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test('a second Submit Count is told who completed it and when, in the plain toast', async ({ page }) => {
    const id = await openFreshCount(page);
    await page
      .getByRole('textbox', { name: /^Count of / })
      .first()
      .fill('2');
    await expect(pill(page)).toHaveText('Saved');
    // Another phone at the café completes the count while this one still shows it open.
    const completion = countCompletionSchema.parse(
      await post(page, '/api/count-completions/complete', { locationId: id }),
    );

    await page.getByRole('button', { name: 'Submit Count' }).click();
    await page
      .getByRole('alertdialog', { name: 'Submit the count with gaps?' })
      .getByRole('button', { name: 'Submit count anyway' })
      .click();
    const when = whenPhrase(completion.completedAt, new Date(), 'America/New_York');
    const told = page.locator('[data-slot="toast"]').filter({ hasText: 'Count Completed' });
    await expect(told).toContainText(
      `This count was already completed by ${completion.completedBy?.name} ${when}.`,
    );
    await expect(told).not.toHaveClass(/destructive/);
    await expect(page.getByTestId('count-completed')).toBeVisible();
  });
});

test.describe('Count Inventory seen from another time zone', () => {
  // A district manager travelling, or a device left on another zone: the café's clock still tells its times.
  test.use({ timezoneId: 'Asia/Tokyo' });

  test("the completed count's time and 'Today' are the café's, not the device's", async ({ page }) => {
    const id = await openFreshCount(page);
    const locations = (await (await page.request.get('/api/user/locations')).json()) as {
      id: number;
      timezone: string;
    }[];
    const timeZone = locations.find((one) => one.id === id)?.timezone;
    expect(timeZone).toBe('America/New_York');
    // The first row on screen, so its "Counted … by …" line can be read too.
    const shown = productOf(
      await page
        .getByRole('textbox', { name: /^Count of / })
        .first()
        .getAttribute('aria-label'),
    );
    const first = (await storedCounts(page, id)).get(shown);
    if (!first) throw new Error('The kiosk has no products');
    await post(page, '/api/count-sessions/items', {
      locationId: id,
      sessionId: await openSessionId(page, id),
      items: [{ productId: first.productId, count: 2, confirmed: true, typedAt: new Date().toISOString() }],
    });
    const completion = countCompletionSchema.parse(
      await post(page, '/api/count-completions/complete', { locationId: id }),
    );
    await page.reload();
    const now = new Date();
    const cafe = countCompletedLabel(completion.completedAt, now, timeZone);
    // Tokyo is 13 or 14 hours ahead of New York: the device's own reading is another time.
    expect(countCompletedLabel(completion.completedAt, now, 'Asia/Tokyo')).not.toBe(cafe);
    await expect(page.getByTestId('count-completed')).toHaveText(`Count Completed${cafe}`);
    // The row's own line tells the same clock.
    const countedAt = (await storedCounts(page, id)).get(shown)?.countedAt ?? '';
    const counted = countCompletedLabel(countedAt, now, timeZone);
    expect(countCompletedLabel(countedAt, now, 'Asia/Tokyo')).not.toBe(counted);
    await expect(page.locator(`[data-product="${shown}"]`)).toContainText(`Counted ${counted} by`);
  });
});

test.describe('Count Inventory on a phone whose clock runs three minutes slow', () => {
  test('numbers typed after Clear Counts and after Confirm all are kept, not taken for older ones', async ({
    page,
  }) => {
    await page.clock.install({ time: new Date(Date.now() - 180_000) });
    const id = await openFreshCount(page);
    const field = page.getByRole('textbox', { name: /^Count of / }).first();
    const name = productOf(await field.getAttribute('aria-label'));
    await field.fill('4');
    await expect(pill(page)).toHaveText('Saved');

    await page.getByRole('button', { name: 'Clear Counts' }).click();
    await page
      .getByRole('alertdialog', { name: 'Clear all counts?' })
      .getByRole('button', { name: 'Clear all counts' })
      .click();
    await expect(field).toHaveValue('');
    await field.fill('6');
    await expect(pill(page)).toHaveText('Saved');
    await expect(field).toHaveValue('6');
    expect((await storedCounts(page, id)).get(name)?.count).toBe(6);

    // Confirming stamps the server's clock on the count; a correction typed after it is the one kept.
    await page.getByRole('button', { name: /^Confirm all in this category/ }).click();
    await expect(page.getByText(/counts? confirmed/).first()).toBeVisible();
    await field.fill('8');
    await field.press('Enter');
    await expect(pill(page)).toHaveText('Saved');
    await expect(field).toHaveValue('8');
    expect((await storedCounts(page, id)).get(name)?.count).toBe(8);
  });
});
