import type { Page } from '@playwright/test';
import { accountButton, expect, locationPicker, operationButton, signIn, test } from './support/app-test.ts';

/** Text found only in the header menus' chunk (the operation menu's label). */
const MENUS_MARK = 'Operations and screens';

/** Whether a script the page has loaded so far holds the header menus' code. */
async function menusLoaded(page: Page): Promise<boolean> {
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => new URL(name).pathname.endsWith('.js')),
  );
  for (const script of scripts) {
    if ((await (await page.request.get(script)).text()).includes(MENUS_MARK)) return true;
  }
  return false;
}

test.describe('header menus (decision 082)', () => {
  test('a start runs none of their code until one is used; pointing at one brings them in', async ({
    page,
  }) => {
    await signIn(page, 'manager');
    await expect(locationPicker(page)).toBeEnabled();
    await page.waitForLoadState('networkidle');
    expect(await menusLoaded(page)).toBe(false);

    await operationButton(page).hover();
    await expect.poll(() => menusLoaded(page)).toBe(true);
    await operationButton(page).click();
    await expect(page.getByRole('menu')).toContainText(MENUS_MARK);
  });

  test('from the keyboard the location picker opens on its first key and the focus stays with it', async ({
    page,
  }) => {
    await signIn(page, 'district');
    await expect(locationPicker(page)).toBeEnabled();
    await locationPicker(page).focus();
    // Focusing it brings the select in, and the focus moves over to the select's own trigger.
    await expect.poll(() => menusLoaded(page)).toBe(true);
    await expect(locationPicker(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(locationPicker(page)).toBeFocused();
    // A fresh page: the first key opens the select as it arrives.
    await page.reload();
    await expect(locationPicker(page)).toBeEnabled();
    await locationPicker(page).press('ArrowDown');
    await page.getByRole('option', { name: /Harbor Street Café/ }).click();
    await expect(locationPicker(page)).toContainText('Harbor Street Café');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

    test('each opens on its first tap', async ({ page }) => {
      await signIn(page, 'manager');
      const opened = [
        { control: operationButton(page), shows: page.getByRole('menu') },
        { control: locationPicker(page), shows: page.getByRole('listbox') },
        { control: accountButton(page), shows: page.getByRole('menu') },
      ];
      for (const { control, shows } of opened) {
        // A fresh page each time: no menu's code loaded yet.
        await page.reload();
        await expect(control).toBeVisible();
        await control.tap();
        await expect(shows).toBeVisible();
      }
    });
  });
});
