import type { Locator, Page, Route } from '@playwright/test';
import { chooseLocation, chooseOperation, expect, signIn, test } from './support/app-test.ts';

/*
 * A read that fails is never shown as data: no zero, no empty list, no "Count Not Completed" that the server
 * never said. Each screen says what could not load and offers Try again, which works once the server answers.
 * The failures are made in the browser (`page.route`); the server is the real one.
 */

// The refused reads are logged by the browser; nothing else may be.
test.use({ allowedConsoleErrors: [/status of 500/] });

const HARBOR = /Harbor Street Café/;

/** Fails GET requests whose path matches, until the returned function is called. */
async function failReads(page: Page, path: RegExp): Promise<() => Promise<void>> {
  const handler = (route: Route) =>
    route.request().method() === 'GET' && path.test(new URL(route.request().url()).pathname)
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'internal_error', message: 'Something broke on the server.' }),
        })
      : route.fallback();
  await page.route('**/api/**', handler);
  return () => page.unroute('**/api/**', handler);
}

/**
 * Waits for the screen's error. Reads are retried with backoff first (requirements §9), seconds of it: the page's
 * clock (installed before each test) is moved on a few seconds at a time instead, each retry still a real request.
 */
async function expectShown(page: Page, alert: Locator): Promise<void> {
  // Each round moves the clock past the next retry's wait and gives its real request a moment to be answered; the
  // rounds follow each other at once (toPass's own waits of up to a second between them would only add time).
  await expect(async () => {
    await page.clock.fastForward(4_000);
    await expect(alert).toBeVisible({ timeout: 250 });
  }).toPass({ timeout: 30_000, intervals: [0] });
}

/** The screen's error, then Try again once the server answers again. */
async function expectErrorThenRetry(page: Page, title: string, heal: () => Promise<void>) {
  const alert = page.getByRole('alert').filter({ hasText: title });
  await expectShown(page, alert);
  await heal();
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(alert).toBeHidden();
}

test.describe('a read that fails shows an error and Try again, never made-up data', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
  });

  test('Orders', async ({ page }) => {
    await signIn(page, 'district');
    const heal = await failReads(page, /^\/api\/orders$/);
    await page.goto('/orders');
    await expectErrorThenRetry(page, 'Orders could not load', heal);
    await expect(page.getByText(/in total/)).toBeVisible();
  });

  test('Order Management', async ({ page }) => {
    await signIn(page, 'district');
    const heal = await failReads(page, /^\/api\/orders$/);
    await page.goto('/order-management');
    const noOrders = page.getByText(/^No .* orders/);
    await expectErrorThenRetry(page, 'Orders could not load', heal);
    await expect(
      noOrders.or(page.getByRole('table')).or(page.getByTestId('order-card')).first(),
    ).toBeVisible();
  });

  test('Approvals', async ({ page }) => {
    await signIn(page, 'district');
    const heal = await failReads(page, /^\/api\/approvals$/);
    await page.goto('/approvals');
    await expectErrorThenRetry(page, 'Pending orders could not load', heal);
    await expect(page.getByText(/waiting ·|Nothing to approve/).first()).toBeVisible();
  });

  test('District Ops Tracker: a refresh that fails says since when the cells stopped following the cafés', async ({
    page,
  }) => {
    await signIn(page, 'district');
    await page.goto('/ops-tracker');
    const status = page.getByRole('status').filter({ hasText: /^Today · updated/ });
    await expect(status).toContainText('refreshes every minute');
    const heal = await failReads(page, /^\/api\/ops-tracker$/);
    // The minute's refresh, then its retries, all refused.
    await page.clock.fastForward(60_000);
    await expectErrorThenRetry(page, 'Not updated since', heal);
    await expect(status).toContainText('refreshes every minute');
  });

  test('Par Lock', async ({ page }) => {
    await signIn(page, 'district');
    await chooseLocation(page, HARBOR);
    const heal = await failReads(page, /^\/api\/par-locks\/\d+$/);
    await page.goto('/par-lock');
    await expectErrorThenRetry(page, 'PAR locks could not load', heal);
    await expect(page.getByRole('searchbox').or(page.getByRole('textbox')).first()).toBeVisible();
  });

  test('View Cart', async ({ page }) => {
    await signIn(page, 'manager');
    await chooseLocation(page, HARBOR);
    const heal = await failReads(page, /^\/api\/cart\/\d+$/);
    await page.goto('/order-confirmation');
    await expectErrorThenRetry(page, 'The cart could not load', heal);
    await expect(page.getByRole('heading', { level: 1, name: 'View Cart' })).toBeVisible();
  });

  test('Shopping List: a failed count status is not "Count Not Completed"', async ({ page }) => {
    await signIn(page, 'manager');
    await chooseLocation(page, HARBOR);
    const heal = await failReads(page, /^\/api\/count-completions\/active\/\d+$/);
    await chooseOperation(page, 'Shopping List');
    const alert = page.getByRole('alert').filter({ hasText: 'The count status could not load' });
    await expectShown(page, alert);
    await expect(page.getByRole('heading', { name: 'Count Not Completed' })).toHaveCount(0);
    await heal();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('button', { name: 'Suggest Orders' })).toBeVisible();
  });

  test('Shopping List: a failed list', async ({ page }) => {
    await signIn(page, 'manager');
    await chooseLocation(page, HARBOR);
    const heal = await failReads(page, /^\/api\/cart\/\d+$/);
    await chooseOperation(page, 'Shopping List');
    await expectErrorThenRetry(page, 'The shopping list could not load', heal);
    await expect(page.getByRole('button', { name: 'Suggest Orders' })).toBeVisible();
  });

  test('Home: failed locations', async ({ page }) => {
    await signIn(page, 'manager');
    await chooseOperation(page, 'Shopping List');
    const heal = await failReads(page, /^\/api\/user\/locations$/);
    await page.reload();
    await expectErrorThenRetry(page, 'Your locations could not load', heal);
    await expect(page.getByText(/Location Required/).first()).toBeVisible();
  });

  test('Home: what waits for an approver', async ({ page }) => {
    await signIn(page, 'district');
    const heal = await failReads(page, /^\/api\/approvals\/summary$/);
    await page.reload();
    const card = page.getByRole('link', { name: /^Approvals/ });
    await expectShown(
      page,
      page.getByRole('alert').filter({ hasText: 'What waits for approval could not load' }),
    );
    await expect(card).toContainText('Open Approvals to see the orders waiting.');
    await expectErrorThenRetry(page, 'What waits for approval could not load', heal);
    await expect(card).toContainText(/wait/);
    await expect(card).not.toContainText('Open Approvals to see');
  });

  test('Settings overview: failed counts', async ({ page }) => {
    await signIn(page, 'admin');
    const heal = await failReads(page, /^\/api\/admin\/users$/);
    await page.goto('/admin');
    await expectErrorThenRetry(page, 'Some counts could not load', heal);
    await expect(page.getByRole('link', { name: /Users\s*\d+/ })).toBeVisible();
  });

  test('Settings: users', async ({ page }) => {
    await signIn(page, 'admin');
    const heal = await failReads(page, /^\/api\/admin\/users$/);
    await page.goto('/admin/users');
    await expectErrorThenRetry(page, 'could not load', heal);
    await expect(page.getByRole('checkbox', { name: 'Staff: Count inventory' })).toBeVisible();
  });
});
