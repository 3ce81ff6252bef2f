import type { Page } from '@playwright/test';
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

async function countFirstItem(page: Page): Promise<void> {
  await signIn(page, 'staff');
  await chooseOperation(page, 'Nightly Counts');
  await chooseLocation(page, /Courthouse Corner Kiosk/);
  const field = page.getByRole('textbox', { name: /^Count of / }).first();
  const name = ((await field.getAttribute('aria-label')) ?? '').replace(/^Count of /, '');
  await page.getByRole('button', { name: `Increase count of ${name}` }).click();
  await expect(page.getByTestId('autosave-pill')).toHaveText('Saved');
}

test.describe('Nightly Counts completed', () => {
  // The second completion's refusal is logged by the browser.
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test('completing says how many were counted; a second phone is told who completed it and when', async ({
    page,
    browser,
  }) => {
    await countFirstItem(page);
    // A second phone at the café has the same day open.
    const other = await browser.newPage({ baseURL: test.info().project.use.baseURL });
    try {
      await countFirstItem(other);
      // The other phone counts a second item, which this page has not read yet.
      const second = other.getByRole('textbox', { name: /^Count of / }).nth(1);
      const secondName = ((await second.getAttribute('aria-label')) ?? '').replace(/^Count of /, '');
      await other.getByRole('button', { name: `Increase count of ${secondName}` }).click();
      await expect(other.getByTestId('autosave-pill')).toHaveText('Saved');
      // Two daily items counted of several: completing asks first, and keeping on counting completes nothing.
      await page.getByRole('button', { name: 'Complete Nightly Count' }).click();
      const gaps = page.getByRole('alertdialog', { name: 'Complete the nightly count with gaps?' });
      await expect(gaps).toContainText(/^.*2 of \d+ daily items counted: \d+ not counted\./);
      await gaps.getByRole('button', { name: 'Keep counting' }).click();
      await expect(gaps).toBeHidden();
      await expect(page.getByRole('button', { name: 'Complete Nightly Count' })).toBeFocused();
      await expect(page.getByRole('button', { name: 'Complete Nightly Count' })).toBeVisible();
      await page.getByRole('button', { name: 'Complete Nightly Count' }).click();
      await gaps.getByRole('button', { name: 'Complete anyway' }).click();
      await expect(
        page.locator('[data-slot="toast"]').filter({ hasText: 'Nightly count completed' }),
      ).toContainText(/\d+ items? counted\./);
      await expect(page.getByTestId('nightly-completed-at')).toHaveText(
        new RegExp(`^(Today|\\d{4}-\\d\\d-\\d\\d) \\d\\d:\\d\\d by ${DEMO.staff.name}$`),
      );
      // The button went away with the completion: the focus is on the line that says so, not lost to the page.
      await expect(page.getByTestId('nightly-completed-at').locator('..')).toBeFocused();

      await other.getByRole('button', { name: 'Complete Nightly Count' }).click();
      await other.getByRole('alertdialog').getByRole('button', { name: 'Complete anyway' }).click();
      const told = other.locator('[data-slot="toast"]').filter({ hasText: 'Nightly Count Completed' });
      await expect(told).toContainText(`was already completed by ${DEMO.staff.name} `);
      await expect(told).not.toHaveClass(/destructive/);
      await expect(other.getByTestId('nightly-completed-at')).toContainText(`by ${DEMO.staff.name}`);
    } finally {
      await other.close();
    }
  });
});
