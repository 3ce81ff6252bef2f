import { suggestOrderQuantity } from '@engine/suggest-order-quantity.ts';
import type { Page } from '@playwright/test';
import { chooseLocation, chooseOperation, expect, signIn, test } from './support/app-test.ts';

/*
 * The Shopping List at the Harbor Street Café (DT-01), the café these tests may change. Each test builds
 * the state it needs through the API first.
 */

const HARBOR = { code: 'DT-01', name: /Harbor Street Café/ };

interface InventoryItem {
  productId: number;
  productName: string;
  par: number;
  lifecycle: string;
}

interface Product {
  id: number;
  name: string;
  maximumStockQuantity: number | null;
}

function origin(): string {
  return new URL(test.info().project.use.baseURL as string).origin;
}

async function send(page: Page, method: 'POST' | 'PUT', url: string, data?: unknown): Promise<unknown> {
  const response = await page.request.fetch(url, { method, data, headers: { origin: origin() } });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

async function harborId(page: Page): Promise<number> {
  const locations = (await (await page.request.get('/api/user/locations')).json()) as {
    id: number;
    code: string;
  }[];
  const id = locations.find((one) => one.code === HARBOR.code)?.id;
  if (!id) throw new Error('The manager has no Harbor Street Café');
  return id;
}

async function openShoppingList(page: Page): Promise<void> {
  await chooseOperation(page, 'Shopping List');
  await chooseLocation(page, HARBOR.name);
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping List' })).toBeVisible();
}

async function cartLines(page: Page, id: number): Promise<{ productName: string; quantity: number }[]> {
  return (
    (await (await page.request.get(`/api/cart/${id}`)).json()) as {
      lines: { productName: string; quantity: number }[];
    }
  ).lines;
}

/**
 * Signs the manager in, starts a new count at the café (which retires its completed one) and empties its list;
 * answers the café, the new count and the café's active products with a PAR of 2 or more.
 */
async function freshCountAtHarbor(page: Page) {
  await signIn(page, 'manager');
  const id = await harborId(page);
  const started = (await send(page, 'POST', '/api/count-sessions/start', { locationId: id })) as {
    countSession: { id: number };
  };
  await page.request.delete(`/api/cart/${id}`, { headers: { origin: origin() } });
  const inventory = (await (await page.request.get(`/api/inventory?locationId=${id}`)).json()) as {
    items: InventoryItem[];
  };
  const withPar = inventory.items.filter((item) => item.par >= 2 && item.lifecycle === 'active');
  return { id, sessionId: started.countSession.id, withPar };
}

/** A fresh count at the café with one product with a PAR counted at 0 (confirmed or not), completed. */
async function completedCountWithEmptyShelf(page: Page, confirmed: boolean) {
  const { id, sessionId, withPar } = await freshCountAtHarbor(page);
  const [short] = withPar;
  if (!short) throw new Error('The demo café has no product with a PAR');
  await send(page, 'POST', '/api/count-sessions/items', {
    locationId: id,
    sessionId,
    items: [{ productId: short.productId, count: 0, confirmed, typedAt: new Date().toISOString() }],
  });
  await send(page, 'POST', '/api/count-completions/complete', { locationId: id });
  return { id, short, withPar };
}

test.describe('Shopping List', () => {
  test('Suggest Orders waits for a completed count, then lists only the suggested products', async ({
    page,
  }) => {
    const { id, sessionId, withPar } = await freshCountAtHarbor(page);

    await openShoppingList(page);
    await expect(page.getByRole('button', { name: 'Suggest Orders' })).toBeDisabled();
    await expect(page.getByRole('heading', { name: 'Count Not Completed' })).toBeVisible();
    await expect(page.getByText('Please complete the inventory count before creating orders.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear Shopping List' })).toBeDisabled();

    // Count two products with a PAR: one empty shelf, one at its PAR (nothing to order), both confirmed.
    const products = (await (await page.request.get('/api/products')).json()) as Product[];
    const [short, full] = withPar;
    if (!short || !full) throw new Error('The demo café has too few products with a PAR');
    const typedAt = new Date().toISOString();
    await send(page, 'POST', '/api/count-sessions/items', {
      locationId: id,
      sessionId,
      items: [
        { productId: short.productId, count: 0, confirmed: true, typedAt },
        { productId: full.productId, count: full.par, confirmed: true, typedAt },
      ],
    });
    await send(page, 'POST', '/api/count-completions/complete', { locationId: id });
    const expected = suggestOrderQuantity({
      par: short.par,
      count: 0,
      confirmed: true,
      maximumStockQuantity: products.find((one) => one.id === short.productId)?.maximumStockQuantity ?? null,
    });

    await page.reload();
    const suggest = page.getByRole('button', { name: 'Suggest Orders' });
    await expect(suggest).toBeEnabled();
    await suggest.click();
    await expect(page.getByRole('heading', { name: 'Count Not Completed' })).toBeHidden();

    const rows = page.getByTestId('product-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-product', short.productName);
    const field = page.getByRole('textbox', { name: `Order quantity of ${short.productName}` });
    await expect(field).toHaveValue(String(expected));
    await expect(rows.first().getByText(`Suggested ${expected}`)).toBeVisible();

    await field.fill(String(Number(expected) + 2));
    await expect(page.getByTestId('autosave-pill')).toHaveText('Saved');
    expect(await cartLines(page, id)).toEqual([
      expect.objectContaining({ productName: short.productName, quantity: Number(expected) + 2 }),
    ]);
    await expect(page.getByRole('link', { name: 'View Cart' })).toHaveAttribute(
      'href',
      '/order-confirmation',
    );
  });

  test('a count completed with nothing confirmed says so, and leads back to Count Inventory', async ({
    page,
  }) => {
    // An empty shelf typed but never confirmed: no suggestion may come of it.
    await completedCountWithEmptyShelf(page, false);

    await openShoppingList(page);
    await page.getByRole('button', { name: 'Suggest Orders' }).click();
    const said =
      'No count was confirmed, so nothing was suggested: only confirmed counts get a suggested order.';
    await expect(page.getByRole('heading', { name: 'Nothing to order' })).toBeVisible();
    await expect(page.getByRole('main').getByText(said)).toBeVisible();
    // The toast says the same, not "Orders suggested" over "nothing was suggested".
    const toast = page.getByRole('status').filter({ hasText: said });
    await expect(toast).toContainText('Nothing to order');
    await expect(toast).not.toContainText('Orders suggested');
    await page.getByRole('button', { name: 'Go to Count Inventory' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Count Inventory' })).toBeVisible();
  });

  test('Suggest Orders asks before replacing quantities the manager typed, naming how many', async ({
    page,
  }) => {
    const { id, short, withPar } = await completedCountWithEmptyShelf(page, true);
    const typedByHand = withPar[1];
    if (!typedByHand) throw new Error('The demo café has too few products with a PAR');
    // A quantity the manager typed by hand before asking for suggestions.
    await send(page, 'PUT', `/api/cart/${id}/items`, {
      items: [{ productId: typedByHand.productId, quantity: 7 }],
    });

    await openShoppingList(page);
    const suggest = page.getByRole('button', { name: 'Suggest Orders' });
    await expect(suggest).toBeEnabled();
    await suggest.click();
    const dialog = page.getByRole('alertdialog', { name: 'Replace a typed quantity?' });
    await expect(dialog).toContainText('1 quantity you typed will be replaced by the suggestions.');
    await dialog.getByRole('button', { name: 'Keep my list' }).click();
    await expect(dialog).toBeHidden();
    expect(await cartLines(page, id)).toEqual([
      expect.objectContaining({ productName: typedByHand.productName, quantity: 7 }),
    ]);

    await suggest.click();
    await dialog.getByRole('button', { name: 'Replace with suggestions' }).click();
    await expect(page.getByTestId('product-row').first()).toHaveAttribute('data-product', short.productName);
    expect((await cartLines(page, id)).map((line) => line.productName)).toEqual([short.productName]);

    // Untouched suggestions are not typing: suggesting again asks nothing.
    await suggest.click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByText('Orders suggested').first()).toBeVisible();
  });

  test('Clear Shopping List asks first, then empties the list', async ({ page }) => {
    await signIn(page, 'manager');
    const id = await harborId(page);
    const products = (await (await page.request.get('/api/products')).json()) as Product[];
    const product = products[0];
    if (!product) throw new Error('No products');
    await page.request.delete(`/api/cart/${id}`, { headers: { origin: origin() } });
    await send(page, 'PUT', `/api/cart/${id}/items`, { items: [{ productId: product.id, quantity: 3 }] });

    await openShoppingList(page);
    const clear = page.getByRole('button', { name: 'Clear Shopping List' });
    await expect(clear).toBeEnabled();
    await clear.click();
    const dialog = page.getByRole('alertdialog', { name: 'Clear shopping list?' });
    await expect(dialog).toContainText(
      'This will remove all items from your shopping list. This action cannot be undone.',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(await cartLines(page, id)).toHaveLength(1);

    await clear.click();
    await dialog.getByRole('button', { name: 'Clear list' }).click();
    await expect(page.getByText(/^0 items · \$0\.00$/)).toBeVisible();
    await expect(clear).toBeDisabled();
    expect(await cartLines(page, id)).toEqual([]);
  });
});

test.describe('Shopping List after the count was ordered', () => {
  // Suggest Orders on the page that still shows the ordered count is answered 409, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test("another phone's order starts the next count: this phone cannot suggest the same shortfall again", async ({
    page,
  }) => {
    const { id } = await completedCountWithEmptyShelf(page, true);
    await openShoppingList(page);
    const suggest = page.getByRole('button', { name: 'Suggest Orders' });
    await expect(suggest).toBeEnabled();

    // Another phone suggests and submits: the order starts the café's next count on the server (decision 119).
    await send(page, 'POST', `/api/cart/${id}/suggest`);
    const response = await page.request.post('/api/orders', {
      data: { locationId: id },
      headers: { origin: origin(), 'Idempotency-Key': `e2e-${Date.now()}` },
    });
    expect(response.status(), await response.text()).toBe(201);

    // This phone still shows the ordered count; suggesting from it is refused and the list stays empty.
    await suggest.click();
    await expect(
      page.getByText('Complete the inventory count before creating orders.', { exact: true }),
    ).toBeVisible();
    expect(await cartLines(page, id)).toEqual([]);
    await expect(page.getByRole('heading', { name: 'Count Not Completed' })).toBeVisible();
    await expect(suggest).toBeDisabled();
  });
});
