import { chooseLocation, chooseOperation, DEMO, expect, signIn, test } from './support/app-test.ts';

/* Nightly Counts at the Courthouse Corner Kiosk (DT-03), the café these tests may change. */

test.describe('Nightly Counts', () => {
  test('shows the daily items with no invented Square figures, and saves a count', async ({ page }) => {
    await signIn(page, 'staff');
    await chooseOperation(page, 'Nightly Counts');
    await chooseLocation(page, /Courthouse Corner Kiosk/);
    await expect(page.getByRole('heading', { level: 1, name: 'Nightly Counts' })).toBeVisible();
    await expect(page.getByTestId('current-category')).toHaveText('Daily Count Items');
    await expect(page.getByText('Square is not connected')).toBeVisible();

    const rows = page.getByTestId('product-row');
    await expect(rows.first()).toBeVisible();
    const squareFigures = page.getByTestId('square-quantity');
    expect(await squareFigures.count()).toBe(await rows.count());
    for (const figure of await squareFigures.all())
      await expect(figure).toHaveText(/^Square on hand: —not available$/);

    const field = page.getByRole('textbox', { name: /^Count of / }).first();
    const name = ((await field.getAttribute('aria-label')) ?? '').replace(/^Count of /, '');
    const next = Number((await field.inputValue()) || '0') + 1;
    await page.getByRole('button', { name: `Increase count of ${name}` }).click();
    await expect(field).toHaveValue(String(next));
    await page.getByRole('checkbox', { name: `Confirm count of ${name}` }).click();
    await expect(page.getByTestId('autosave-pill')).toHaveText('Saved');

    await page.reload();
    await expect(page.getByRole('textbox', { name: `Count of ${name}` })).toHaveValue(String(next));
    await expect(page.getByRole('checkbox', { name: `Confirm count of ${name}` })).toBeChecked();
    const row = page.locator(`[data-product="${name}"]`);
    await expect(
      row.getByText(new RegExp(`Counted Today \\d\\d:\\d\\d by ${DEMO.staff.name}`)),
    ).toBeVisible();
  });
});
