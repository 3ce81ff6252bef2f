import { expect, test } from './support/app-test.ts';

const PATHS = [
  '/',
  '/inventory',
  '/order-confirmation',
  '/order-management',
  '/orders',
  '/approvals',
  '/par-lock',
  '/ops-tracker',
  '/cafe-ops-tracker',
  '/navigator',
  '/admin',
  '/admin/users',
  '/no-such-page',
];

test.describe('signed out', () => {
  for (const path of PATHS) {
    test(`${path} shows the landing page with the sign-in link`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Inventory management for café chains',
      );
      await expect(page).toHaveTitle('Parstock — Inventory management for café chains');
      const signIn = page.getByRole('link', { name: 'Sign in' });
      await expect(signIn).toHaveAttribute(
        'href',
        path === '/' ? '/api/login' : `/api/login?returnTo=${encodeURIComponent(path)}`,
      );
      // Nothing of the signed-in app leaks onto the page, and nobody was signed out here.
      await expect(page.getByRole('button', { name: /^Account: / })).toHaveCount(0);
      await expect(page.getByText('You were signed out.')).toHaveCount(0);
    });
  }

  test('the sign-in link leads to the sign-in form', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
  });
});
