import type { Page } from '@playwright/test';
import { chooseLocation, chooseOperation, type DemoRole, expect, signIn, test } from './support/app-test.ts';
import { blockingViolations, clippedButtons } from './support/axe.ts';

/*
 * The operation screens read by axe, on a desk and on a 375 px phone. Nothing is changed: the screens are
 * only opened (DT-01 and DT-03).
 */

const SCREENS: { operation: string; role: DemoRole; location: RegExp }[] = [
  { operation: 'Count Inventory', role: 'staff', location: /Courthouse Corner Kiosk/ },
  { operation: 'Nightly Counts', role: 'staff', location: /Courthouse Corner Kiosk/ },
  { operation: 'Set PARs', role: 'district', location: /Harbor Street Café/ },
  { operation: 'Shopping List', role: 'manager', location: /Harbor Street Café/ },
];

async function open(page: Page, screen: (typeof SCREENS)[number]): Promise<void> {
  await signIn(page, screen.role);
  await chooseOperation(page, screen.operation);
  await chooseLocation(page, screen.location);
  await expect(page.getByRole('heading', { level: 1, name: screen.operation })).toBeVisible();
  await expect(page.getByTestId('autosave-pill')).toHaveText('Ready');
  await expect(page.getByText('Loading more inventory...')).toBeHidden();
}

test.describe('operation screens', () => {
  for (const screen of SCREENS) {
    test(`${screen.operation} has no blocking accessibility findings`, async ({ page }) => {
      await open(page, screen);
      expect(await blockingViolations(page)).toEqual([]);
    });
  }
});

test.describe('operation screens on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });

  for (const screen of SCREENS) {
    test(`${screen.operation} has no blocking accessibility findings on a phone`, async ({ page }) => {
      await open(page, screen);
      expect(await blockingViolations(page)).toEqual([]);
    });
  }

  for (const screen of SCREENS) {
    test(`${screen.operation} fits, with 44 px steppers and 'Category X of N'`, async ({ page }) => {
      await open(page, screen);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      const categoryNav = page.getByRole('navigation', { name: 'Category navigation' });
      if (await categoryNav.count()) await expect(categoryNav.getByText(/^Category 1 of \d+$/)).toBeVisible();
      const plus = page.getByRole('button', { name: /^Increase / }).first();
      if (await plus.count()) {
        const box = await plus.boundingBox();
        expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      }
    });
  }
});

test.describe('operation screens at 320 px, the narrowest a page must reflow to (WCAG 1.4.10)', () => {
  test.use({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });

  for (const screen of SCREENS) {
    test(`${screen.operation}: nothing runs off the side, Previous and Next included`, async ({ page }) => {
      await open(page, screen);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      expect(await clippedButtons(page)).toEqual([]);
      const categoryNav = page.getByRole('navigation', { name: 'Category navigation' });
      if (!(await categoryNav.count())) return;
      await expect(categoryNav.getByText(/^Category 1 of \d+$/)).toBeVisible();
      for (const name of ['Previous', 'Next']) {
        const box = await categoryNav.getByRole('button', { name, exact: true }).boundingBox();
        expect(box, `${name} has a box`).not.toBeNull();
        expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 0) + (box?.width ?? 0), `${name} ends inside the screen`).toBeLessThanOrEqual(320);
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      }
    });
  }
});
