import type { Page } from '@playwright/test';
import {
  chooseLocation,
  chooseOperation,
  DEMO,
  DEMO_PASSWORD,
  expect,
  preloadsDone,
  signIn,
  test,
} from './support/app-test.ts';

/*
 * Set PARs and PAR locks at the Harbor Street Café (DT-01). Each test sets the lock it needs through the
 * API as the district manager first, so it does not depend on what another test left.
 */

const HARBOR = { code: 'DT-01', name: /Harbor Street Café/ };
const PRODUCT = 'House Drip Blend';

function origin(): string {
  return new URL(test.info().project.use.baseURL as string).origin;
}

async function ids(page: Page): Promise<{ locationId: number; productId: number }> {
  const locations = (await (await page.request.get('/api/user/locations')).json()) as {
    id: number;
    code: string;
  }[];
  const products = (await (await page.request.get('/api/products')).json()) as { id: number; name: string }[];
  const locationId = locations.find((one) => one.code === HARBOR.code)?.id;
  const productId = products.find((one) => one.name === PRODUCT)?.id;
  if (!locationId || !productId)
    throw new Error('The demo chain has no Harbor Street Café or House Drip Blend');
  return { locationId, productId };
}

/**
 * As the district manager: lock (or unlock) the product's PAR at the café. The district manager's start is let
 * finish its reads first: a test that signs someone else in next would otherwise end that session under them, and
 * the app rightly logs the refused reads.
 */
async function setLock(page: Page, locked: boolean): Promise<{ locationId: number; productId: number }> {
  const started = preloadsDone(page);
  await signIn(page, 'district');
  await started;
  const found = await ids(page);
  const response = await page.request.post(`/api/par-locks/${found.locationId}`, {
    data: { scope: 'products', productIds: [found.productId], locked },
    headers: { origin: origin() },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return found;
}

async function storedPar(page: Page, locationId: number): Promise<{ par: number; parLocked: boolean }> {
  const body = (await (await page.request.get(`/api/inventory?locationId=${locationId}`)).json()) as {
    items: { productName: string; par: number; parLocked: boolean }[];
  };
  const item = body.items.find((one) => one.productName === PRODUCT);
  if (!item) throw new Error(`${PRODUCT} is not in the inventory`);
  return item;
}

async function openSetPars(page: Page): Promise<void> {
  await chooseOperation(page, 'Set PARs');
  await chooseLocation(page, HARBOR.name);
  await expect(page.getByRole('heading', { level: 1, name: 'Set PARs' })).toBeVisible();
  await expect(page.getByTestId('current-category')).toHaveText('Espresso & Coffee');
}

/** Walks the category with Enter until the field is focused (rows of a long list are drawn as they come). */
async function focusField(page: Page, label: string): Promise<void> {
  const focused = page.locator('input:focus');
  await page
    .getByRole('textbox', { name: /^PAR of / })
    .first()
    .focus();
  for (let step = 0; step < 100; step++) {
    const current = await focused.getAttribute('aria-label');
    if (current === label) return;
    await page.keyboard.press('Enter');
    await expect(focused).not.toHaveAttribute('aria-label', current ?? '');
  }
  throw new Error(`No field named ${label}`);
}

test.describe('Set PARs', () => {
  test('Upload CSV shows a note saying how PARs from a file go in', async ({ page }) => {
    await signIn(page, 'manager');
    await openSetPars(page);
    await page.getByRole('button', { name: 'Upload CSV' }).click();
    await expect(
      page.locator('[data-slot="toast"]').filter({ hasText: 'PARs from a CSV file' }),
    ).toContainText('An administrator imports them with `parstock pars import FILE.csv`');
  });

  test('a locked PAR is read-only for a café manager, who is told who locked it', async ({ page }) => {
    await setLock(page, true);
    await signIn(page, 'manager');
    await openSetPars(page);
    await focusField(page, `PAR of ${PRODUCT}`);

    const row = page.locator(`[data-product="${PRODUCT}"]`);
    const field = row.getByRole('textbox', { name: `PAR of ${PRODUCT}` });
    await expect(field).toHaveAttribute('readonly', '');
    await expect(row.getByRole('button', { name: `Increase PAR of ${PRODUCT}` })).toBeDisabled();
    await expect(row.getByRole('button', { name: `Lock PAR of ${PRODUCT}` })).toHaveCount(0);
    await expect(row.getByRole('button', { name: /^PAR locked\. Locked by / })).toBeVisible();
    await expect(row.getByText(`Locked by ${DEMO.district.name}`, { exact: false })).toBeVisible();

    const before = await field.inputValue();
    await page.keyboard.type('9');
    await expect(field).toHaveValue(before);
    await expect(page.getByTestId('autosave-pill')).toHaveText('Ready');
  });

  test('a district manager sees the lock toggle and can change a locked PAR', async ({ page }) => {
    const { locationId } = await setLock(page, true);
    await openSetPars(page);
    await focusField(page, `PAR of ${PRODUCT}`);

    const row = page.locator(`[data-product="${PRODUCT}"]`);
    const toggle = row.getByRole('button', { name: `Lock PAR of ${PRODUCT}` });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const field = row.getByRole('textbox', { name: `PAR of ${PRODUCT}` });
    await expect(field).not.toHaveAttribute('readonly');

    const next = (await storedPar(page, locationId)).par + 1;
    await field.fill(String(next));
    await expect(page.getByTestId('autosave-pill')).toHaveText('Saved');
    expect(await storedPar(page, locationId)).toEqual(
      expect.objectContaining({ par: next, parLocked: true }),
    );

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect((await storedPar(page, locationId)).parLocked).toBe(false);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect((await storedPar(page, locationId)).parLocked).toBe(true);
  });

  test('a PAR typed offline does not undo one set later on another device', async ({
    page,
    context,
    request,
  }) => {
    const { locationId, productId } = await setLock(page, false);
    const stored = (await storedPar(page, locationId)).par;
    await signIn(page, 'manager');
    await openSetPars(page);
    await focusField(page, `PAR of ${PRODUCT}`);
    const row = page.locator(`[data-product="${PRODUCT}"]`);
    const field = row.getByRole('textbox', { name: `PAR of ${PRODUCT}` });

    // The manager's phone loses the network and keeps the PAR it was given.
    await context.setOffline(true);
    await field.fill(String(stored + 1));
    await expect(page.getByTestId('autosave-pill')).toHaveText('1 unsaved');

    // Afterwards the district manager sets another PAR for the same product from their desk.
    const login = await request.post('/api/auth/login', {
      data: { email: DEMO.district.email, password: DEMO_PASSWORD },
      headers: { origin: origin() },
    });
    expect(login.status(), await login.text()).toBe(200);
    const desk = (par: number) =>
      request.patch('/api/pars', {
        data: { locationId, items: [{ productId, par }] },
        headers: { origin: origin() },
      });
    expect((await desk(stored + 2)).ok()).toBe(true);

    try {
      // Back online the phone sends its older PAR: the server keeps the newer one, the phone shows it and says
      // why the number typed went.
      await context.setOffline(false);
      await expect(page.getByTestId('autosave-pill')).toHaveText('Saved');
      await expect(page.getByText('A newer PAR was kept', { exact: true })).toBeVisible();
      await expect(
        page.getByText(
          `${PRODUCT} is ${stored + 2}: it was set by Marcus Bell after you typed ${stored + 1}.`,
          {
            exact: true,
          },
        ),
      ).toBeVisible();
      // The field keeps what the person typed while they are in it, as counting fields do.
      await field.blur();
      await expect(field).toHaveValue(String(stored + 2));
      expect((await storedPar(page, locationId)).par).toBe(stored + 2);
    } finally {
      expect((await desk(stored)).ok()).toBe(true);
    }
  });
});
