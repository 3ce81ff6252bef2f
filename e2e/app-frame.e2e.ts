import type { Page } from '@playwright/test';
import {
  accountButton,
  chooseLocation,
  chooseOperation,
  DEMO,
  DEMO_PASSWORD,
  expect,
  preloadsDone,
  signIn,
  test,
} from './support/app-test.ts';

test.describe('the signed-in frame', () => {
  test('loads products, inventory and category order together once signed in', async ({ page }) => {
    const preloads = preloadsDone(page);
    await signIn(page, 'manager');
    await preloads;
  });

  test('a start at the café confirmed last asks for its reads once, right behind the session check', async ({
    page,
  }) => {
    await signIn(page, 'staff');
    await chooseOperation(page, 'Count Inventory');
    await chooseLocation(page, /Courthouse Corner Kiosk/);
    const firstField = page.getByRole('textbox', { name: /^Count of / }).first();
    await expect(firstField).toBeEnabled();

    const events: string[] = [];
    const fromPage = (url: string, frame: () => unknown) =>
      url.includes('/api/') && frame() === page.mainFrame() ? new URL(url).pathname : null;
    page.on('request', (request) => {
      const path = fromPage(request.url(), () => request.frame());
      if (path) events.push(`asked ${path}`);
    });
    page.on('response', (response) => {
      const path = fromPage(response.url(), () => response.frame());
      if (path) events.push(`answered ${path}`);
    });
    await page.reload();
    await expect(firstField).toBeEnabled();
    const asked = events.filter((event) => event.startsWith('asked ')).map((event) => event.slice(6));
    const reads = ['/api/products', '/api/inventory', '/api/admin/category-order'];
    // Each once: the frame's preload took the answers sent from the start instead of asking again (decision 080).
    for (const path of reads) expect(asked.filter((one) => one === path)).toHaveLength(1);
    expect(asked.slice(0, 4)).toEqual(['/api/auth/user', ...reads]);
    // Sent before the session check had answered, not once the frame knew who is signed in.
    const sessionAnswered = events.indexOf('answered /api/auth/user');
    for (const path of reads) expect(events.indexOf(`asked ${path}`)).toBeLessThan(sessionAnswered);
  });

  test('applies the UI settings as CSS variables', async ({ page }) => {
    const settings = page.waitForResponse('**/api/admin/ui-settings');
    await signIn(page, 'staff');
    const answer = (await (await settings).json()) as { styles: { buttons: { primaryBackground: string } } };
    await expect
      .poll(() =>
        page.evaluate(() =>
          document.documentElement.style.getPropertyValue('--ui-button-primary-background'),
        ),
      )
      .toBe(answer.styles.buttons.primaryBackground);
  });

  test('the new-count flag left by an order is consumed once', async ({ page }) => {
    await signIn(page, 'staff');
    await page.evaluate(() => localStorage.setItem('triggerStartNewCount', 'true'));
    const inventoryRefetched = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/inventory',
    );
    await page.reload();
    await expect(accountButton(page)).toBeVisible();
    await inventoryRefetched;
    await expect.poll(() => page.evaluate(() => localStorage.getItem('triggerStartNewCount'))).toBeNull();
  });

  test('the sign-in page sends someone already signed in home', async ({ page }) => {
    await signIn(page, 'admin', '/sign-in');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(DEMO.admin.firstName);
  });

  test.describe('a session that ends while the page is open', () => {
    async function endSessionElsewhere(page: Page) {
      // Signing out in another tab of the same browser ends this tab's session too.
      const other = await page.context().newPage();
      await other.goto('/api/logout');
      await other.getByRole('button', { name: 'Sign out' }).click();
      await other.waitForURL((url) => url.pathname === '/');
      await other.close();
    }

    test('is noticed by the 20-minute recheck', async ({ page }) => {
      await page.clock.install();
      const preloads = preloadsDone(page);
      await signIn(page, 'district');
      await preloads;
      await endSessionElsewhere(page);
      await expect(accountButton(page)).toBeVisible();
      await page.clock.fastForward('20:01');
      await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
      // The landing page that replaced the screen says why.
      await expect(page.getByRole('status').filter({ hasText: 'You were signed out.' })).toBeVisible();
    });

    test('is noticed when the page comes back into view after five minutes', async ({ page }) => {
      await page.clock.install();
      const preloads = preloadsDone(page);
      await signIn(page, 'district');
      await preloads;
      await endSessionElsewhere(page);
      await page.clock.fastForward('05:01');
      await expect(accountButton(page)).toBeVisible();
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
      await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
      await expect(
        page.getByText('You were signed out. Sign in to go back to where you were.'),
      ).toBeVisible();
    });

    test('is noticed by the first save it refuses, and what was typed is saved once the person signs in again', async ({
      page,
    }) => {
      await signIn(page, 'staff');
      await chooseOperation(page, 'Count Inventory');
      await chooseLocation(page, /Courthouse Corner Kiosk/);
      const field = page.getByRole('textbox', { name: /^Count of / }).first();
      await expect(field).toBeEnabled();
      const label = (await field.getAttribute('aria-label')) ?? '';
      await endSessionElsewhere(page);

      await field.click();
      await page.keyboard.type('12');
      await page.keyboard.press('Enter');
      // Not a screen whose saves are refused, with only "Retry now": the way back in, to this screen.
      await page.getByRole('link', { name: 'Sign in' }).click();
      await page.getByLabel('Email').fill(DEMO.staff.email);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('textbox', { name: label, exact: true })).toHaveValue('12');

      const kiosk = (
        (await (await page.request.get('/api/user/locations')).json()) as { id: number; code: string }[]
      ).find((one) => one.code === 'DT-03');
      const savedCount = async () => {
        const inventory = (await (
          await page.request.get(`/api/inventory?locationId=${kiosk?.id}`)
        ).json()) as {
          items: { productName: string; count: number | null }[];
        };
        return inventory.items.find((item) => `Count of ${item.productName}` === label)?.count;
      };
      await expect.poll(savedCount).toBe(12);
    });
  });
});
