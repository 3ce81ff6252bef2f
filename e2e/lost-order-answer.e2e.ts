import { cartSchema } from '@engine/cart-schemas.ts';
import { orderListResponseSchema } from '@engine/order-schemas.ts';
import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { chooseLocation, DEMO, DEMO_PASSWORD, expect, signIn, test } from './support/app-test.ts';

/*
 * View Cart after a submission whose answer never came back: the server made the order and emptied the list,
 * so the page must say which order that was instead of only "The cart is empty". Changes are made at Market
 * Hall Coffee Bar (DT-02), as in e2e/ordering.e2e.ts; the test sets up the cart it needs.
 */

const MARKET_HALL = /Market Hall Coffee Bar/;

function baseUrl(): string {
  return test.info().project.use.baseURL as string;
}

async function json(response: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<unknown> {
  expect(response.status(), await response.text()).toBe(status);
  return response.json();
}

async function managerApi(playwright: PlaywrightWorkerArgs['playwright']) {
  const origin = new URL(baseUrl()).origin;
  const api = await playwright.request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { origin } });
  await json(
    await api.post('/api/auth/login', { data: { email: DEMO.manager.email, password: DEMO_PASSWORD } }),
  );
  const locations = (await json(await api.get('/api/user/locations'))) as { id: number; code: string }[];
  const found = locations.find((location) => location.code === 'DT-02');
  if (!found) throw new Error('The demo seed has no DT-02 for the café manager');
  return { api, locationId: found.id };
}

/** Two active products with a PAR on Market Hall's cart, replacing whatever was there. */
async function fillCart(api: APIRequestContext, locationId: number) {
  await json(await api.delete(`/api/cart/${locationId}`));
  const { items } = (await json(await api.get(`/api/inventory?locationId=${locationId}`))) as {
    items: { productId: number; par: number; lifecycle: string }[];
  };
  const products = items.filter((item) => item.lifecycle === 'active' && item.par >= 2).slice(0, 2);
  const cart = cartSchema.parse(
    await json(
      await api.put(`/api/cart/${locationId}/items`, {
        data: {
          items: products.map((product, index) => ({ productId: product.productId, quantity: index + 1 })),
        },
      }),
    ),
  );
  expect(cart.lines).toHaveLength(2);
}

async function ordersAt(api: APIRequestContext, locationId: number) {
  return orderListResponseSchema.parse(await json(await api.get(`/api/orders?locationId=${locationId}`)));
}

/** "14:05": the time the café's clock showed, as the server's own messages tell it. */
function cafeClock(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(iso));
}

/** Market Hall's cart of two lines, open in the café manager's View Cart; `ordersBefore` counts its orders. */
async function cartOpen(page: Page, playwright: PlaywrightWorkerArgs['playwright']) {
  const { api, locationId } = await managerApi(playwright);
  await fillCart(api, locationId);
  const ordersBefore = (await ordersAt(api, locationId)).count;
  await signIn(page, 'manager');
  await chooseLocation(page, MARKET_HALL);
  await page.goto('/order-confirmation');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  return { api, locationId, ordersBefore };
}

/** The order a submission made: the newest of Market Hall, which must be the only one made since. */
async function theOrderMade(api: APIRequestContext, locationId: number, ordersBefore: number) {
  const made = await ordersAt(api, locationId);
  expect(made.count).toBe(ordersBefore + 1);
  const order = made.orders[0];
  if (!order) throw new Error('the submission made no order');
  return order;
}

test.describe('a submission whose answer was lost', () => {
  // Every dropped answer is logged by the browser as a failed load.
  test.use({ allowedConsoleErrors: [/net::ERR_FAILED/] });

  test('View Cart reloaded after it names the order that submission made, and links to it', async ({
    page,
    playwright,
  }) => {
    const { api, locationId, ordersBefore } = await cartOpen(page, playwright);

    // Every submission reaches the server, but no answer reaches the browser (the retries' answers neither).
    let answered = 0;
    await page.route('**/api/orders', async (route) => {
      if (route.request().method() !== 'POST') {
        await route.continue();
        return;
      }
      await route.fetch();
      answered += 1;
      await route.abort('failed');
    });
    await page.getByRole('button', { name: 'Submit Order' }).click();
    await expect.poll(() => answered).toBeGreaterThan(0);
    const order = await theOrderMade(api, locationId, ordersBefore);

    // The connection is back; the person reloads and sees an empty list.
    await page.unroute('**/api/orders');
    await page.reload();

    const notice = page.getByTestId('submitted-order');
    await expect(notice).toContainText(
      `Your order ${order.number} was submitted at ${cafeClock(order.createdAt, order.location.timezone)}`,
    );
    await expect(notice.getByRole('link', { name: `View order ${order.number}` })).toHaveAttribute(
      'href',
      `/orders?order=${order.id}`,
    );
    await expect(page.getByText('The cart is empty')).toBeHidden();
    // Asking did not order anything again, and the submission is settled: its key is gone.
    expect((await ordersAt(api, locationId)).count).toBe(ordersBefore + 1);
    expect(
      await page.evaluate((id) => sessionStorage.getItem(`parstock.submitOrderKey.${id}`), locationId),
    ).toBeNull();

    // Reloaded again, the list is simply empty: the order was told once, and nothing is asked again.
    await page.reload();
    await expect(page.getByText('The cart is empty')).toBeVisible();
    await expect(page.getByTestId('submitted-order')).toBeHidden();
    await api.dispose();
  });

  test('without a reload too: once every retry has lost its answer, the emptied list names the order', async ({
    page,
    playwright,
  }) => {
    const { api, locationId, ordersBefore } = await cartOpen(page, playwright);
    // The submission and its retries (they show two lines) lose their answers; asking again later gets through.
    const shownLines: number[] = [];
    await page.route('**/api/orders', async (route) => {
      const body = route.request().postDataJSON() as { expectedLines?: unknown[] } | null;
      const lines = body?.expectedLines?.length ?? 0;
      if (route.request().method() !== 'POST' || lines === 0) {
        await route.continue();
        return;
      }
      shownLines.push(lines);
      await route.fetch();
      await route.abort('failed');
    });
    await page.getByRole('button', { name: 'Submit Order' }).click();

    await expect.poll(async () => (await ordersAt(api, locationId)).count).toBe(ordersBefore + 1);
    const order = await theOrderMade(api, locationId, ordersBefore);
    const notice = page.getByTestId('submitted-order');
    await expect(notice).toContainText(
      `Your order ${order.number} was submitted at ${cafeClock(order.createdAt, order.location.timezone)}`,
      { timeout: 20_000 },
    );
    expect(shownLines.length).toBeGreaterThan(0);
    // The "not submitted" toast of the lost answer is taken back: the order was made.
    await expect(page.getByText('The order was not submitted')).toBeHidden();
    await expect(page.getByText('The cart is empty')).toBeHidden();
    expect((await ordersAt(api, locationId)).count).toBe(ordersBefore + 1);
    await api.dispose();
  });
});
