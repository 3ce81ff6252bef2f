import type { APIRequestContext, Page } from '@playwright/test';
import {
  chooseLocation,
  chooseOperation,
  DEMO,
  DEMO_PASSWORD,
  expect,
  signIn,
  test,
} from './support/app-test.ts';

/*
 * A save the server refuses for good (here: the PAR was locked while the manager was typing it) is not
 * retried: the row says why in plain words and keeps the typed value until the manager dismisses it, and the
 * banner offers Dismiss instead of 'Retry now'. Harbor Street Café (DT-01), a product no other test locks.
 */

const HARBOR = { code: 'DT-01', name: /Harbor Street Café/ };

function origin(): string {
  return new URL(test.info().project.use.baseURL as string).origin;
}

/** The district manager, signed in on a request context of their own, beside the manager's browser. */
async function districtManager(request: APIRequestContext): Promise<APIRequestContext> {
  const response = await request.post('/api/auth/login', {
    data: { email: DEMO.district.email, password: DEMO_PASSWORD },
    headers: { origin: origin() },
  });
  expect(response.status(), await response.text()).toBe(200);
  return request;
}

async function ids(page: Page, productName: string): Promise<{ locationId: number; productId: number }> {
  const locations = (await (await page.request.get('/api/user/locations')).json()) as {
    id: number;
    code: string;
  }[];
  const products = (await (await page.request.get('/api/products')).json()) as { id: number; name: string }[];
  const locationId = locations.find((one) => one.code === HARBOR.code)?.id;
  const productId = products.find((one) => one.name === productName)?.id;
  if (!locationId || !productId) throw new Error(`No ${productName} at Harbor Street Café`);
  return { locationId, productId };
}

// The refused save is logged by the browser; nothing else may be.
test.use({ allowedConsoleErrors: [/status of 409/] });

/**
 * Set PARs at Harbor Street Café with a PAR typed that the district manager locks on its way to the server: the
 * save is refused. Answers the row, its field, the banner and what was stored and typed, and an unlock.
 */
async function parLockedWhileTyped(page: Page, request: APIRequestContext) {
  await signIn(page, 'manager');
  await chooseOperation(page, 'Set PARs');
  await chooseLocation(page, HARBOR.name);
  await expect(page.getByRole('heading', { level: 1, name: 'Set PARs' })).toBeVisible();
  await expect(page.getByTestId('autosave-pill')).toHaveText('Ready');

  // The last editable PAR of the first category: no other test locks it.
  const label =
    (await page
      .getByRole('textbox', { name: /^PAR of / })
      .last()
      .getAttribute('aria-label')) ?? '';
  const productName = label.replace(/^PAR of /, '');
  const row = page.locator(`[data-product="${productName}"]`);
  // Found by its name from here on: the list draws more rows as it goes, so "the last one" moves.
  const field = row.getByRole('textbox', { name: label, exact: true });
  const { locationId, productId } = await ids(page, productName);
  const stored = await field.inputValue();
  const typed = String(Number(stored || '0') + 3);
  const lockedNotice = page.getByText(/(No PARs are|\d+ PARs? (is|are)) locked at this café/);
  const lockedBefore = Number(/^\d+/.exec((await lockedNotice.textContent()) ?? '')?.[0] ?? 0);

  const district = await districtManager(request);
  const setLock = (locked: boolean) =>
    district.post(`/api/par-locks/${locationId}`, {
      data: { scope: 'products', productIds: [productId], locked },
      headers: { origin: origin() },
    });
  // The save waits at the door while the district manager locks the PAR, then goes on to the server.
  let locked = false;
  await page.route('**/api/pars', async (route) => {
    if (!locked) {
      locked = true;
      const response = await setLock(true);
      expect(response.ok(), await response.text()).toBe(true);
    }
    await route.continue();
  });
  const refused = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/pars' && response.status() === 409,
  );
  await field.fill(typed);
  await refused;
  const storedPar = async () => {
    const inventory = (await (await page.request.get(`/api/inventory?locationId=${locationId}`)).json()) as {
      items: { productId: number; par: number }[];
    };
    return String(inventory.items.find((item) => item.productId === productId)?.par ?? '');
  };
  return {
    lockedNotice,
    lockedBefore,
    row,
    field,
    banner: page.getByTestId('autosave-banner'),
    stored,
    typed,
    storedPar,
    unlock: async () => expect((await setLock(false)).ok()).toBe(true),
  };
}

test('a PAR locked while a manager types it: the row says who locked it, keeps the value until dismissed', async ({
  page,
  request,
}) => {
  const { lockedNotice, lockedBefore, row, field, banner, stored, typed, storedPar, unlock } =
    await parLockedWhileTyped(page, request);
  try {
    // The café's locks are read again at the refusal: the notice counts the new one.
    await expect(lockedNotice).toContainText(`${lockedBefore + 1} PAR`);
    const reason = new RegExp(`Not saved: Locked by ${DEMO.district.name} at \\d{2}:\\d{2}`);
    await expect(row.getByText(reason)).toBeVisible();
    await expect(field).toHaveValue(typed);
    await expect(banner).toContainText('1 change was not saved');
    await expect(banner.getByRole('button', { name: 'Retry now' })).toHaveCount(0);
    await expect(page.getByTestId('autosave-pill')).toHaveText('1 unsaved');

    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(row.getByText(reason)).toHaveCount(0);
    await expect(field).toHaveValue(stored);
    await expect(page.getByTestId('autosave-pill')).not.toHaveText(/unsaved/);
    // Nothing was stored, and nothing is tried again.
    expect(await storedPar()).toBe(stored || '0');
  } finally {
    await unlock();
  }
});

test('a refused PAR is sent again once its reason is gone, and saved', async ({ page, request }) => {
  const { row, field, banner, typed, storedPar, unlock } = await parLockedWhileTyped(page, request);
  try {
    await expect(banner).toContainText('1 change was not saved');
    await unlock();
    await banner.getByRole('button', { name: 'Send again' }).click();
    await expect(page.getByTestId('autosave-pill')).toHaveText('Saved');
    await expect(row.getByText(/Not saved/)).toHaveCount(0);
    await expect(field).toHaveValue(typed);
    expect(await storedPar()).toBe(typed);
  } finally {
    await unlock();
  }
});
