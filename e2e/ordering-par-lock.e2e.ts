import { parLocksResponseSchema } from '@engine/par-lock-schemas.ts';
import { chooseLocation, DEMO, expect, signIn, test } from './support/app-test.ts';

/* Par Lock at Market Hall Coffee Bar (DT-02): by product, by category and all at once. */

const MARKET_HALL = /Market Hall Coffee Bar/;

test.describe('Par Lock', () => {
  test('needs a location first', async ({ page }) => {
    await signIn(page, 'district', '/par-lock');
    await chooseLocation(page, 'No location selected');
    await expect(page.getByRole('alert')).toHaveText(
      'Location Required: Please select a location from the dropdown in the header to continue with Par Lock.',
    );
  });

  test('a district manager locks and unlocks PARs by product, category and all', async ({ page }) => {
    await signIn(page, 'district');
    await chooseLocation(page, MARKET_HALL);
    await page.goto('/par-lock');
    await expect(page.getByRole('heading', { level: 1, name: 'Par Lock' })).toBeVisible();
    await expect(page.getByText('Market Hall Coffee Bar · DT-02')).toBeVisible();

    const locationId = Number(await page.evaluate(() => localStorage.getItem('selectedLocationId')));
    const readLocks = async () =>
      parLocksResponseSchema.parse(await (await page.request.get(`/api/par-locks/${locationId}`)).json());
    const initial = await readLocks();
    const product = initial.products.find(
      (candidate) =>
        !initial.products.some(
          (other) => other !== candidate && other.productName.includes(candidate.productName),
        ),
    );
    if (!product) throw new Error('No product with a distinct name at DT-02');
    const category = product.category;
    const inCategory = initial.products.filter((candidate) => candidate.category === category);
    const total = initial.products.length;

    // Start from a known state: the whole café unlocked, after confirming.
    await page.getByRole('button', { name: 'Unlock all PARs', exact: true }).click();
    const unlockAll = page.getByRole('alertdialog', { name: 'Unlock every PAR?' });
    await unlockAll.getByRole('button', { name: 'Unlock all' }).click();
    await expect(page.getByTestId('locked-count')).toHaveText(`0 of ${total} PARs locked`);

    // One product, found with the search.
    await page.getByRole('searchbox', { name: 'Search products' }).fill(product.productName);
    const row = page.getByTestId('par-lock-row').filter({ hasText: product.productName });
    await expect(row).toHaveCount(1);
    // From the keyboard: the button keeps the focus through the change, so the next Tab goes on from it.
    await row.getByRole('button', { name: `Lock PAR of ${product.productName}` }).focus();
    await page.keyboard.press('Enter');
    await expect(row).toContainText('Locked');
    await expect(row.getByRole('button', { name: `Unlock PAR of ${product.productName}` })).toBeFocused();
    // Who and when, in the words Set PARs uses for the same lock.
    await expect(row).toContainText(new RegExp(`${DEMO.district.name} · Today \\d\\d:\\d\\d`));
    await expect(row.getByRole('button', { name: `Unlock PAR of ${product.productName}` })).toBeVisible();
    await expect(page.getByTestId('locked-count')).toHaveText(`1 of ${total} PARs locked`);
    const afterOne = await readLocks();
    expect(afterOne.products.filter((candidate) => candidate.locked).map((p) => p.productId)).toEqual([
      product.productId,
    ]);
    expect(
      afterOne.products.find((candidate) => candidate.productId === product.productId)?.lockedBy?.name,
    ).toBe(DEMO.district.name);

    // The whole category, including what the search hides.
    await page.getByRole('searchbox', { name: 'Search products' }).fill('');
    const section = page.getByRole('region', { name: new RegExp(`^${category}`) });
    await section.getByRole('button', { name: `Lock category ${category}`, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(section).toContainText(`${inCategory.length} of ${inCategory.length} locked`);
    await expect(
      section.getByRole('button', { name: `Lock category ${category}`, exact: true }),
    ).toBeFocused();
    await expect(page.getByTestId('locked-count')).toHaveText(`${inCategory.length} of ${total} PARs locked`);
    await section.getByRole('button', { name: `Unlock category ${category}`, exact: true }).click();
    await expect(section).toContainText(`0 of ${inCategory.length} locked`);

    // Everything, after confirming; cancelling changes nothing.
    await page.getByRole('button', { name: 'Lock all PARs', exact: true }).click();
    await page
      .getByRole('alertdialog', { name: 'Lock every PAR?' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await expect(page.getByTestId('locked-count')).toHaveText(`0 of ${total} PARs locked`);
    await page.getByRole('button', { name: 'Lock all PARs', exact: true }).click();
    await page
      .getByRole('alertdialog', { name: 'Lock every PAR?' })
      .getByRole('button', { name: 'Lock all' })
      .click();
    await expect(page.getByTestId('locked-count')).toHaveText(`${total} of ${total} PARs locked`);
    expect((await readLocks()).lockedCount).toBe(total);
  });

  test('a café manager cannot open it', async ({ page }) => {
    await signIn(page, 'manager', '/par-lock');
    await expect(page.getByRole('heading', { name: "You don't have access to Par Lock" })).toBeVisible();
  });
});
