import { chooseLocation, chooseOperation, expect, locationPicker, signIn, test } from './support/app-test.ts';

const REQUIRED =
  'Location Required: Please select a location from the dropdown in the header to continue with Count Inventory.';

test.describe('location', () => {
  test('an operation needs a location; choosing one opens it', async ({ page }) => {
    await signIn(page, 'staff');
    await chooseOperation(page, 'Count Inventory');
    await expect(page.getByRole('alert')).toHaveText(REQUIRED);

    await locationPicker(page).click();
    await expect(page.getByRole('option')).toHaveText([
      'No location selected',
      /Courthouse Corner Kiosk\s*DT-03/,
      /Market Hall Coffee Bar\s*DT-02/,
    ]);
    await page.getByRole('option', { name: /Market Hall Coffee Bar/ }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Count Inventory' })).toBeVisible();
    await expect(page.getByText('Market Hall Coffee Bar · DT-02')).toBeVisible();
    expect(
      await page.evaluate(() => [
        localStorage.getItem('selectedLocationId'),
        localStorage.getItem('selectedLocationName'),
        localStorage.getItem('selectedLocationCode'),
      ]),
    ).toEqual([expect.stringMatching(/^\d+$/), 'Market Hall Coffee Bar', 'DT-02']);
  });

  test('the choice survives a reload, and clearing it removes it', async ({ page }) => {
    await signIn(page, 'staff');
    await chooseOperation(page, 'Count Inventory');
    await chooseLocation(page, /Courthouse Corner Kiosk/);
    await expect(page.getByRole('heading', { level: 1, name: 'Count Inventory' })).toBeVisible();

    await page.reload();
    await expect(locationPicker(page)).toContainText('Courthouse Corner Kiosk');
    await expect(page.getByRole('heading', { level: 1, name: 'Count Inventory' })).toBeVisible();

    await chooseLocation(page, 'No location selected');
    await expect(page.getByRole('alert')).toHaveText(REQUIRED);
    expect(await page.evaluate(() => localStorage.getItem('selectedLocationId'))).toBeNull();
  });

  test('a stored location that is not one of the user’s counts as none', async ({ page }) => {
    await signIn(page, 'staff');
    await page.evaluate(() => {
      localStorage.setItem('selectedAction', 'count_inventory');
      localStorage.setItem('selectedLocationId', '999999');
      localStorage.setItem('selectedLocationName', 'Somewhere else');
    });
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText(REQUIRED);
    await expect(locationPicker(page)).not.toContainText('Somewhere else');
  });

  test('two tabs stay in step', async ({ page, context }) => {
    await signIn(page, 'manager');
    const other = await context.newPage();
    await other.goto('/');
    await expect(locationPicker(other)).toBeVisible();

    await chooseOperation(page, 'Count Inventory');
    await expect(other.getByRole('alert')).toHaveText(REQUIRED);

    await chooseLocation(page, /Harbor Street Café/);
    await expect(other.getByRole('heading', { level: 1, name: 'Count Inventory' })).toBeVisible();
    await expect(locationPicker(other)).toContainText('Harbor Street Café');

    await chooseLocation(other, 'No location selected');
    await expect(page.getByRole('alert')).toHaveText(REQUIRED);
    await other.close();
  });
});
