import type { Page } from '@playwright/test';
import { accountButton, DEMO, expect, preloadsDone, signIn, test } from './support/app-test.ts';

test.describe('the signed-in frame', () => {
  test('loads products, inventory and category order together once signed in', async ({ page }) => {
    const preloads = preloadsDone(page);
    await signIn(page, 'manager');
    await preloads;
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
    });
  });
});
