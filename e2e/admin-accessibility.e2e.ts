import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/app-test.ts';
import { blockingViolations, clippedButtons, fitsWidth, VIEWPORTS } from './support/axe.ts';

/** Each admin page with something on it that shows its data has arrived. */
const PAGES = [
  {
    path: '/admin',
    title: 'Settings',
    ready: (page: Page) => page.getByRole('link', { name: /Products\s*\d+/ }),
  },
  {
    path: '/admin/users',
    title: 'Users',
    ready: (page: Page) => page.getByRole('checkbox', { name: 'Staff: Count inventory' }),
  },
  {
    path: '/admin/locations',
    title: 'Locations',
    ready: (page: Page) => page.getByRole('button', { name: 'Edit Lakeview Commons' }),
  },
  {
    path: '/admin/products',
    title: 'Products',
    ready: (page: Page) => page.getByRole('button', { name: 'Move Bakery up' }),
  },
  { path: '/admin/tasks', title: 'Tasks', ready: (page: Page) => page.getByRole('table', { name: 'Tasks' }) },
  {
    path: '/admin/ui',
    title: 'UI & Tabs',
    ready: (page: Page) => page.getByRole('list', { name: 'Tabs in menu order' }),
  },
  {
    path: '/admin/square',
    title: 'Square',
    ready: (page: Page) => page.getByTestId('square-connection-mode'),
  },
  {
    path: '/admin/api-health',
    title: 'API Health',
    ready: (page: Page) => page.getByText('Square demo simulator'),
  },
  {
    path: '/admin/audit-log',
    title: 'Audit Log',
    ready: (page: Page) => page.getByRole('combobox', { name: 'Record' }),
  },
];

for (const viewport of VIEWPORTS) {
  test.describe(`admin pages on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('have no blocking accessibility findings and fit the screen', async ({ page }) => {
      test.slow();
      await signIn(page, 'admin', '/admin');
      for (const { path, title, ready } of PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
        await expect(ready(page).first()).toBeVisible();
        expect(await blockingViolations(page), path).toEqual([]);
        expect(await fitsWidth(page), `${path} scrolls sideways`).toBe(true);
        expect(await clippedButtons(page), `${path}: buttons whose words run out of them`).toEqual([]);
      }
    });

    test('the invite and import dialogs have no blocking findings', async ({ page }) => {
      await signIn(page, 'admin', '/admin/users');
      await page.getByRole('button', { name: 'Invite user' }).click();
      await expect(page.getByRole('dialog', { name: 'Invite a user' }).getByLabel('Email')).toBeVisible();
      expect(await blockingViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      await page.goto('/admin/products');
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import products from CSV' });
      await dialog.getByLabel('CSV file').setInputFiles({
        name: 'products.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('name,category,unit\n,Bakery,each\n'),
      });
      await expect(dialog.getByRole('list', { name: 'Problems in the file' })).toBeVisible();
      expect(await blockingViolations(page)).toEqual([]);
    });
  });
}
