import {
  accountButton,
  chooseLocation,
  chooseOperation,
  expect,
  locationPicker,
  operationButton,
  signIn,
  test,
} from './support/app-test.ts';

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

test.describe('on a 375 px phone', () => {
  test('the header fits and every control works', async ({ page }) => {
    await signIn(page, 'staff');
    for (const control of [operationButton(page), locationPicker(page), accountButton(page)]) {
      await expect(control).toBeVisible();
      const box = await control.boundingBox();
      expect(box, 'control has a box').not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
      // Big enough for a thumb.
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(40);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await chooseOperation(page, 'Nightly Counts');
    await expect(page.getByRole('alert')).toContainText('continue with Nightly Counts.');
    await chooseLocation(page, /Courthouse Corner Kiosk/);
    await expect(page.getByRole('heading', { level: 1, name: 'Nightly Counts' })).toBeVisible();
    await expect(locationPicker(page)).toContainText('DT-03');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('a notification leaves the header free', async ({ page }) => {
    await signIn(page, 'manager');
    await chooseOperation(page, 'Count Inventory');
    await chooseLocation(page, /Market Hall Coffee Bar/);
    await page.getByRole('button', { name: 'Start Count' }).click();
    await page
      .getByRole('alertdialog', { name: 'Start a new count?' })
      .getByRole('button', { name: 'Start new count' })
      .click();
    const notification = page.locator('[data-slot="toast"]').filter({ hasText: 'New count started' });
    await expect(notification).toBeVisible();
    const [header, box] = [await page.locator('header').boundingBox(), await notification.boundingBox()];
    expect(box?.y ?? 0).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    // The pickers under it still take a tap while it shows.
    await locationPicker(page).click();
    await expect(page.getByRole('option', { name: /Harbor Street Café/ })).toBeVisible();
  });

  test('the landing and sign-in pages fit', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.goto('/sign-in');
    await expect(page.getByLabel('Email')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test("Par Lock's category buttons stay inside their card", async ({ page }) => {
    await signIn(page, 'district');
    await chooseLocation(page, /Harbor Street Café/);
    await page.goto('/par-lock');
    const card = page.getByRole('region', { name: /^Espresso & Coffee/ });
    for (const name of ['Lock all Espresso & Coffee', 'Unlock all Espresso & Coffee']) {
      const button = card.getByRole('button', { name, exact: true });
      await expect(button).toBeVisible();
      const [cardBox, buttonBox] = [await card.boundingBox(), await button.boundingBox()];
      expect((buttonBox?.x ?? 0) + (buttonBox?.width ?? 0)).toBeLessThanOrEqual(
        (cardBox?.x ?? 0) + (cardBox?.width ?? 0) - 8,
      );
    }
  });

  test('the settings sections scroll so the one open is in sight', async ({ page }) => {
    const sections = page.getByRole('navigation', { name: 'Settings sections' });
    const inSight = async (name: string) => {
      const row = await sections.boundingBox();
      const link = await sections.getByRole('link', { name, exact: true }).boundingBox();
      return !!row && !!link && link.x >= row.x && link.x + link.width <= row.x + row.width;
    };
    // A deep link to a section far along the row, then one back near its start.
    await signIn(page, 'admin', '/admin/audit-log');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
    await expect.poll(() => inSight('Audit Log')).toBe(true);
    // The row scrolls instead of squeezing a name onto two lines ("UI &" over "Tabs").
    const heights = await sections
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.clientHeight));
    expect(new Set(heights).size, `link heights ${heights.join(', ')}`).toBe(1);
    await sections.getByRole('link', { name: 'Users', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect.poll(() => inSight('Users')).toBe(true);
    // Only the row moved: the page itself is still at its top.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});
