import { readFileSync } from 'node:fs';
import { parseCsv } from '@engine/csv-parse.ts';
import {
  bulkInventoryResponseSchema,
  type InventoryManagementRow,
  inventoryManagementResponseSchema,
} from '@engine/inventory-management-schemas.ts';
import type { Page } from '@playwright/test';
import { request as playwrightRequest } from '@playwright/test';
import { CSV_HEADER } from '@web/features/inventory-management/model/inventory-columns.ts';
import { accountButton, chooseLocation, DEMO, DEMO_PASSWORD, expect, test } from './support/app-test.ts';
import { blockingViolations, expectTargetAtLeast24 } from './support/axe.ts';

/*
 * Inventory Management at Northgate Station Kiosk (NS-03), which no other browser test writes to, as its café
 * manager Elena Vasquez. The test locks one PAR there and changes two lifecycles; it puts both back at the end.
 */

const NORTHGATE = /Northgate Station Kiosk/;
const ELENA = { email: 'elena.vasquez@parstock.test' };
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare;

/** Signs in as Northgate's manager with her café chosen in the header; answers its id. */
async function signInAsElena(page: Page, origin: string): Promise<number> {
  const signedIn = await page.request.post('/api/auth/login', {
    data: { email: ELENA.email, password: DEMO_PASSWORD },
    headers: { origin },
  });
  expect(signedIn.status()).toBe(200);
  await page.goto('/');
  await expect(accountButton(page)).toBeVisible();
  await chooseLocation(page, NORTHGATE);
  return Number(await page.evaluate(() => localStorage.getItem('selectedLocationId')));
}

test('a café manager filters, sorts, searches, discontinues three products (one refused) and exports', async ({
  page,
  baseURL,
}) => {
  // Many steps against one shared, busy machine: the default 30 s is for one screen's worth.
  test.slow();
  const origin = new URL(baseURL as string).origin;
  const locationId = await signInAsElena(page, origin);

  const read = async () =>
    inventoryManagementResponseSchema.parse(
      await (await page.request.get(`/api/inventory-management?locationId=${locationId}`)).json(),
    ).items;
  const before = await read();
  // A category with at least three active, unlocked products; its first three by name are the ones changed.
  const inCategory = (category: string) =>
    before.filter((row) => row.category === category).sort((a, b) => byName(a.productName, b.productName));
  const category = [...new Set(before.map((row) => row.category))].find((candidate) => {
    const rows = inCategory(candidate);
    return rows.length >= 4 && rows.slice(0, 3).every((row) => row.lifecycle === 'active' && !row.parLocked);
  });
  if (!category) throw new Error('No category at NS-03 starts with three active, unlocked products');
  const categoryRows = inCategory(category);
  const [first, second, locked] = categoryRows as [
    InventoryManagementRow,
    InventoryManagementRow,
    InventoryManagementRow,
  ];

  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin } });
  expect(
    (
      await admin.post('/api/auth/login', { data: { email: DEMO.admin.email, password: DEMO_PASSWORD } })
    ).status(),
  ).toBe(200);
  const lock = (value: boolean) =>
    admin.post(`/api/par-locks/${locationId}`, {
      data: { scope: 'products', productIds: [locked.productId], locked: value },
    });
  expect((await lock(true)).status()).toBe(200);

  try {
    await page.goto('/inventory');
    await expect(page.getByRole('heading', { level: 1, name: 'Inventory Management' })).toBeVisible();
    await expect(page.getByText('Northgate Station Kiosk · NS-03')).toBeVisible();
    const shownCount = page.getByTestId('shown-count');
    await expect(shownCount).toContainText(`Showing ${before.length} of ${before.length} products`);
    const table = page.getByRole('table', { name: 'Products' });
    expect(await blockingViolations(page), 'axe on the table').toEqual([]);
    const rowNames = () => table.locator('tbody tr td:nth-child(2) .font-medium').allInnerTexts();

    // Filter by category: only its products, by name.
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: category, exact: true }).click();
    await expect(shownCount).toContainText(`Showing ${categoryRows.length} of`);
    expect((await rowNames()).slice(0, 3)).toEqual([
      first.productName,
      second.productName,
      locked.productName,
    ]);

    // Sort: the product column flips to Z to A, then back.
    const sortByProduct = page.getByRole('button', { name: 'Sort by Product' });
    await sortByProduct.click();
    await expect(page.getByRole('columnheader', { name: /Product/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect((await rowNames())[0]).toBe(categoryRows.at(-1)?.productName);
    await sortByProduct.click();
    await expect(page.getByRole('columnheader', { name: /Product/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect((await rowNames())[0]).toBe(first.productName);

    // Search by SKU (or name when it has none), then clear it.
    const search = page.getByRole('searchbox', { name: 'Search by name or SKU' });
    await search.fill(second.sku ?? second.productName);
    await expect(shownCount).toContainText('Showing 1 of');
    expect(await rowNames()).toEqual([second.productName]);
    await search.fill('');
    await expect(shownCount).toContainText(`Showing ${categoryRows.length} of`);

    // The locked PAR says who locked it.
    const lockedRow = table.getByRole('row').filter({ hasText: locked.productName });
    await expect(lockedRow).toContainText(DEMO.admin.name);

    // Discontinue the three: the locked one is refused with its reason, the others change.
    for (const row of [first, second, locked]) {
      const box = page.getByRole('checkbox', { name: `Select ${row.productName}`, exact: true });
      await expectTargetAtLeast24(box);
      await box.check();
    }
    const bar = page.getByRole('region', { name: 'Change the selected products' });
    await expect(bar).toContainText('3 products selected');
    await bar.getByRole('button', { name: 'Lifecycle' }).click();
    await page.getByRole('menuitem', { name: 'Discontinued' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Change 3 products?' });
    await expect(confirm).toContainText('Lifecycle → Discontinued for 3 selected products');
    await confirm.getByRole('button', { name: 'Apply' }).click();
    const outcome = page.getByRole('status').filter({ hasText: 'Lifecycle → Discontinued' });
    await expect(outcome).toContainText('2 products changed, 1 refused');
    await expect(outcome.getByRole('list', { name: 'Refused products' })).toHaveText(
      `${locked.productName}: Its PAR is locked by ${DEMO.admin.name}: only someone who manages PAR locks can discontinue it.`,
    );
    for (const row of [first, second]) {
      await expect(table.getByRole('row').filter({ hasText: row.productName })).toContainText('Discontinued');
    }
    await expect(lockedRow).toContainText('Active');
    await expect(bar).toBeHidden();

    // Not counted for 3650 days: only the products never counted here remain.
    const after = await read();
    const neverCounted = after.filter((row) => row.category === category && row.lastCount === null).length;
    await page.getByLabel('Not counted for').fill('3650');
    await expect(shownCount).toContainText(`Showing ${neverCounted} of`);
    // Not whole days typed as digits: marked, and no filter rather than the 1 it starts with.
    await page.getByLabel('Not counted for').fill('1e3');
    await expect(page.getByLabel('Not counted for')).toHaveAttribute('aria-invalid', 'true');
    await expect(shownCount).toContainText(`Showing ${categoryRows.length} of`);
    await page.getByLabel('Not counted for').fill('');
    await expect(page.getByLabel('Not counted for')).not.toHaveAttribute('aria-invalid');

    // The CSV is the table: the category's products in the table's order, with what each row shows.
    await page.getByRole('button', { name: 'Sort by Product' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^inventory-NS-03-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = parseCsv(readFileSync((await download.path()) as string, 'utf8'));
    expect(csv.header).toEqual([...CSV_HEADER]);
    const productColumn = CSV_HEADER.indexOf('Product');
    const lifecycleColumn = CSV_HEADER.indexOf('Lifecycle');
    // Z to A, as the table was sorted when exported; a name starting with a formula sign gets an apostrophe.
    expect(csv.rows.map((row) => row.cells[productColumn]?.replace(/^'/, ''))).toEqual(
      categoryRows.map((row) => row.productName).reverse(),
    );
    const lifecycleOf = (name: string) =>
      csv.rows.find((row) => row.cells[productColumn] === name)?.cells[lifecycleColumn];
    expect([first, second, locked].map((row) => lifecycleOf(row.productName))).toEqual([
      'Discontinued',
      'Discontinued',
      'Active',
    ]);
  } finally {
    // Put NS-03 back as it was for anything that runs later.
    const undo = await admin.post('/api/inventory-management/bulk-change', {
      data: { locationId, productIds: [first.productId, second.productId], change: { lifecycle: 'active' } },
    });
    expect(bulkInventoryResponseSchema.parse(await undo.json()).refused).toEqual([]);
    expect((await lock(false)).status()).toBe(200);
    await admin.dispose();
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('each product is a card that can be selected, with a sort control', async ({ page, baseURL }) => {
    await signInAsElena(page, new URL(baseURL as string).origin);
    await page.goto('/inventory');
    const cards = page.getByRole('list', { name: 'Products' }).getByRole('article');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    expect(await blockingViolations(page), 'axe on the cards').toEqual([]);

    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'On-hand value' }).click();
    const firstName = await cards.first().getAttribute('aria-label');
    await page.getByRole('button', { name: /^Sorted ascending/ }).click();
    await expect(cards.first()).not.toHaveAttribute('aria-label', firstName ?? '');

    await cards.first().getByRole('checkbox').check();
    await expect(page.getByRole('region', { name: 'Change the selected products' })).toContainText(
      '1 product selected',
    );
    const box = await cards.first().boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(375);
  });
});
