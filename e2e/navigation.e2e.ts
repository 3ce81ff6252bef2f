import { accountButton, chooseLocation, chooseOperation, expect, signIn, test } from './support/app-test.ts';

test.describe('navigation', () => {
  test('an unknown path shows the not-found page inside the app', async ({ page }) => {
    await signIn(page, 'manager', '/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('/no/such/page')).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Priya');
  });

  test('an unknown admin section falls back to the admin overview', async ({ page }) => {
    await signIn(page, 'admin', '/admin/unknown');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Settings sections' })).toBeVisible();
  });

  test('every admin section has its page', async ({ page }) => {
    await signIn(page, 'admin', '/admin');
    const sections = page.getByRole('navigation', { name: 'Settings sections' });
    for (const [name, path] of [
      ['Users', '/admin/users'],
      ['Locations', '/admin/locations'],
      ['Products', '/admin/products'],
      ['Tasks', '/admin/tasks'],
      ['UI & Tabs', '/admin/ui'],
      ['Square', '/admin/square'],
      ['API Health', '/admin/api-health'],
    ] as const) {
      await sections.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
      // The section is the one current page of the row; the overview above it is not.
      await expect(sections.locator('[aria-current="page"]')).toHaveText([name]);
    }
  });

  test.describe('a chunk that fails', () => {
    test.use({ allowedConsoleErrors: [/net::ERR_FAILED|Failed to fetch dynamically imported module/] });

    test('an admin section whose code cannot load says so, and opens once it can', async ({ page }) => {
      await signIn(page, 'admin', '/admin');
      const sections = page.getByRole('navigation', { name: 'Settings sections' });
      await expect(sections).toBeVisible();
      // The overview has loaded; from here every script fails, as when the network drops during a visit.
      await page.route('**/*.js', (route) => route.abort());
      await sections.getByRole('link', { name: 'Tasks', exact: true }).click();
      await expect(page.getByRole('alert')).toContainText('Something went wrong');
      await expect(page.getByRole('table', { name: 'Tasks' })).toHaveCount(0);

      await page.unroute('**/*.js');
      await page.getByRole('button', { name: 'Refresh Page' }).click();
      await expect(page).toHaveURL(/\/admin\/tasks$/);
      await expect(page.getByRole('table', { name: 'Tasks' })).toBeVisible();
    });
  });

  test('a deep link survives a reload', async ({ page }) => {
    await signIn(page, 'admin', '/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(accountButton(page)).toBeVisible();
  });

  test('a screen the role lacks says so instead of showing it', async ({ page }) => {
    await signIn(page, 'staff', '/approvals');
    await expect(page.getByRole('heading', { name: "You don't have access to Approvals" })).toBeVisible();
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: "You don't have access to Settings" })).toBeVisible();
  });

  test('View Cart needs no permission', async ({ page }) => {
    await signIn(page, 'staff', '/order-confirmation');
    await expect(page.getByRole('heading', { level: 1, name: 'View Cart' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Location Required');
  });

  test('the logo leads home to the list of operations', async ({ page }) => {
    await signIn(page, 'manager');
    await page.getByRole('button', { name: /Count Inventory/ }).click();
    await expect(page.getByRole('alert')).toContainText('Location Required');
    await page.getByRole('link', { name: /Parstock/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Operations' })).toBeVisible();
  });

  test("a phone's Back steps back through the operations chosen, to the home list, not out of the app", async ({
    page,
  }) => {
    await signIn(page, 'manager');
    await chooseLocation(page, /Harbor Street Café/);
    await page.getByRole('button', { name: /Count Inventory/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Count Inventory' })).toBeVisible();
    await chooseOperation(page, 'Nightly Counts');
    await expect(page.getByRole('heading', { level: 1, name: 'Nightly Counts' })).toBeVisible();

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Count Inventory' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 2, name: 'Operations' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goForward();
    await expect(page.getByRole('heading', { level: 1, name: 'Count Inventory' })).toBeVisible();

    // A reload keeps the operation in hand, and Back from the next one returns to it.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Count Inventory' })).toBeVisible();
    await chooseOperation(page, 'Shopping List');
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping List' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Count Inventory' })).toBeVisible();
  });
});
