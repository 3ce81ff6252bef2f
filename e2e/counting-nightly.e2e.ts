import { chooseLocation, chooseOperation, DEMO, expect, signIn, test } from './support/app-test.ts';

/* Nightly Counts at the Courthouse Corner Kiosk (DT-03), the café these tests may change. */

test.describe('Nightly Counts', () => {
  test("shows the daily items beside the Square demo simulator's figures, and saves a count", async ({
    page,
  }) => {
    await signIn(page, 'staff');
    await chooseOperation(page, 'Nightly Counts');
    await chooseLocation(page, /Courthouse Corner Kiosk/);
    await expect(page.getByRole('heading', { level: 1, name: 'Nightly Counts' })).toBeVisible();
    await expect(page.getByTestId('current-category')).toHaveText('Daily Count Items');
    // The embedded demo talks to the Square demo simulator, and says so.
    await expect(page.getByTestId('square-notice')).toContainText('Square demo simulator');

    const rows = page.getByTestId('product-row');
    await expect(rows.first()).toBeVisible();
    const squareFigures = page.getByTestId('square-quantity');
    expect(await squareFigures.count()).toBe(await rows.count());
    for (const figure of await squareFigures.all()) await expect(figure).toHaveText(/^Square on hand: \d+$/);

    const field = page.getByRole('textbox', { name: /^Count of / }).first();
    const name = ((await field.getAttribute('aria-label')) ?? '').replace(/^Count of /, '');
    const next = Number((await field.inputValue()) || '0') + 1;
    await page.getByRole('button', { name: `Increase count of ${name}` }).click();
    await expect(field).toHaveValue(String(next));
    await page.getByRole('checkbox', { name: `Confirm count of ${name}` }).click();
    await expect(page.getByTestId('autosave-pill')).toHaveText('Saved');
    const onHand = Number(
      (
        (await page.locator(`[data-product="${name}"]`).getByTestId('square-quantity').textContent()) ?? ''
      ).replace(/\D/g, ''),
    );
    const difference = next - onHand;
    await expect(page.locator(`[data-product="${name}"]`).getByTestId('square-variance')).toHaveText(
      new RegExp(`${difference === 0 ? '±0' : difference > 0 ? `\\+${difference}` : `−${-difference}`}$`),
    );

    await page.reload();
    await expect(page.getByRole('textbox', { name: `Count of ${name}` })).toHaveValue(String(next));
    await expect(page.getByRole('checkbox', { name: `Confirm count of ${name}` })).toBeChecked();
    const row = page.locator(`[data-product="${name}"]`);
    await expect(
      row.getByText(new RegExp(`Counted Today \\d\\d:\\d\\d by ${DEMO.staff.name}`)),
    ).toBeVisible();
  });
});
