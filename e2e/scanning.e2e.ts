import type { Page } from '@playwright/test';
import {
  accountButton,
  chooseLocation,
  chooseOperation,
  DEMO_PASSWORD,
  expect,
  signIn,
  test,
} from './support/app-test.ts';
import { barcodeVideo } from './support/fake-camera.ts';

/*
 * Scanning with a camera, in Chromium: its fake camera plays a video of an EAN-13 barcode. Chromium on Linux
 * has no native BarcodeDetector, so this reads through the polyfill and its WebAssembly — the path every
 * browser without the API takes. Everything happens at Lakeview Commons (NS-02), which no other browser
 * test counts at; the barcodes set here are cleared again at the end.
 */

const CODE = '9501101530003';
/**
 * Typed into the search, as a handheld scanner types a code and Enter: a small can's UPC-E, which is no valid EAN-8
 * and is put on the product as the UPC-A it stands for.
 */
const TYPED_CODE = '04252614';
const LAKEVIEW = { code: 'NS-02', name: /Lakeview Commons/ };
const video = await barcodeVideo(CODE);

test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  },
});
test.describe.configure({ mode: 'serial' });

interface Product {
  id: number;
  name: string;
  cafeOrderCategory: string;
  barcode: string | null;
}

function origin(): string {
  return new URL(test.info().project.use.baseURL as string).origin;
}

async function setBarcode(page: Page, productId: number, barcode: string | null): Promise<void> {
  const response = await page.request.patch(`/api/admin/products/${productId}`, {
    data: { barcode },
    headers: { origin: origin() },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

async function products(page: Page): Promise<Product[]> {
  return (await (await page.request.get('/api/products')).json()) as Product[];
}

/** Two products Lakeview counts, neither in the category the screen opens on, in different categories. */
async function productsToScan(page: Page): Promise<[Product, Product]> {
  const locations = (await (await page.request.get('/api/user/locations')).json()) as {
    id: number;
    code: string;
  }[];
  const locationId = locations.find((one) => one.code === LAKEVIEW.code)?.id;
  const inventory = (await (await page.request.get(`/api/inventory?locationId=${locationId}`)).json()) as {
    items: { productId: number; lifecycle: string }[];
  };
  const counted = new Set(
    inventory.items.filter((item) => item.lifecycle !== 'discontinued').map((item) => item.productId),
  );
  const order = (await (await page.request.get('/api/admin/category-order')).json()) as {
    category: string;
  }[];
  const catalogue = (await products(page)).filter((one) => counted.has(one.id));
  const first = order.find((one) => catalogue.some((p) => p.cafeOrderCategory === one.category))?.category;
  const target = catalogue.find((one) => one.cafeOrderCategory !== first);
  const other = catalogue.find(
    (one) => one.cafeOrderCategory !== first && one.cafeOrderCategory !== target?.cafeOrderCategory,
  );
  if (!target || !other) throw new Error('Lakeview Commons counts too few categories for this test');
  return [target, other];
}

async function openCountInventory(page: Page): Promise<string> {
  await chooseOperation(page, 'Count Inventory');
  await chooseLocation(page, LAKEVIEW.name);
  await expect(page.getByRole('heading', { level: 1, name: 'Count Inventory' })).toBeVisible();
  const category = page.getByTestId('current-category');
  await expect(category).not.toBeEmpty();
  return (await category.textContent()) ?? '';
}

test('a scanned barcode opens its product’s category and puts the cursor in its count field', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await signIn(page, 'admin');
  const [target] = await productsToScan(page);
  await setBarcode(page, target.id, CODE);
  try {
    // The catalogue the screens use was read at sign-in, before the code was set elsewhere.
    await page.reload();
    const opened = await openCountInventory(page);
    expect(opened).not.toBe(target.cafeOrderCategory);

    // The decoder's WebAssembly is held back until the dialog has been seen with the live camera picture.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const wasmUrls: string[] = [];
    await page.route(/\.wasm$/, async (route) => {
      wasmUrls.push(route.request().url());
      await held;
      await route.continue();
    });
    const wasmServed = page.waitForResponse((response) => response.url().endsWith('.wasm'));

    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan a barcode' });
    await expect(dialog).toBeVisible();
    await expect.poll(() => wasmUrls.length).toBe(1);
    await expect
      .poll(() =>
        page.getByLabel('Camera preview').evaluate((element) => (element as HTMLVideoElement).videoWidth),
      )
      .toBeGreaterThan(0);
    await page.screenshot({ path: test.info().outputPath('scan-dialog-phone.png') });
    release();

    // Served by Parstock itself (no CDN is reachable from a back room) as WebAssembly.
    const wasm = await wasmServed;
    expect(new URL(wasm.url()).origin).toBe(origin());
    expect(wasm.status()).toBe(200);
    expect(wasm.headers()['content-type']).toBe('application/wasm');

    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('current-category')).toHaveText(target.cafeOrderCategory);
    await expect(page.getByRole('textbox', { name: `Count of ${target.name}` })).toBeFocused();
    await page.screenshot({ path: test.info().outputPath('scan-found-phone.png') });
  } finally {
    await setBarcode(page, target.id, null);
  }
});

test('an unknown barcode says so, and a manager assigns it to a product, which it then opens', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await signIn(page, 'admin');
  const [target, other] = await productsToScan(page);
  expect((await products(page)).some((one) => one.barcode === CODE)).toBe(false);
  try {
    await openCountInventory(page);
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan a barcode' });
    await expect(dialog.getByTestId('scan-outcome')).toHaveText(`No product has the barcode ${CODE}.`);
    const picker = dialog.getByRole('searchbox', { name: 'Find the product for this barcode' });
    await picker.fill(other.name);
    await expect(dialog.getByRole('button', { name: new RegExp(`^${other.name}`) })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('scan-unknown-code-phone.png') });

    await dialog.getByRole('button', { name: new RegExp(`^${other.name}`) }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('current-category')).toHaveText(other.cafeOrderCategory);
    await expect(page.getByRole('textbox', { name: `Count of ${other.name}` })).toBeFocused();
    expect((await products(page)).find((one) => one.id === other.id)?.barcode).toBe(CODE);

    // A code typed into the search that no product has is offered the same way, and found by it after.
    const search = page.getByRole('searchbox', { name: /by barcode/ });
    await search.fill(TYPED_CODE);
    await search.press('Enter');
    await expect(page.getByTestId('search-code-outcome')).toHaveText(
      `No product has the barcode ${TYPED_CODE}.`,
    );
    await page.getByRole('searchbox', { name: 'Find the product for this barcode' }).fill(target.name);
    await page.getByRole('button', { name: new RegExp(`^${target.name}`) }).click();
    await expect(page.getByRole('textbox', { name: `Count of ${target.name}` })).toBeFocused();
    expect((await products(page)).find((one) => one.id === target.id)?.barcode).toBe('042100005264');
    await search.fill(TYPED_CODE);
    await expect(page.getByRole('list', { name: 'Matching products' })).toContainText(target.name);

    // The search box finds it by the code now too.
    await search.fill(CODE);
    await expect(page.getByRole('list', { name: 'Matching products' })).toContainText(other.name);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: test.info().outputPath('search-by-barcode-desktop.png') });
  } finally {
    await setBarcode(page, other.id, null);
    await setBarcode(page, target.id, null);
  }
});

test('someone who may not manage products is told whom to ask, with no picker', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  // A staff member of Lakeview Commons (demo seed); none of the documented sign-ins works there.
  const response = await page.request.post('/api/auth/login', {
    data: { email: 'tyler.nguyen@parstock.test', password: DEMO_PASSWORD },
    headers: { origin: origin() },
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto('/');
  await expect(accountButton(page)).toBeVisible();
  await openCountInventory(page);
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan a barcode' });
  await expect(dialog.getByTestId('scan-outcome')).toHaveText(`No product has the barcode ${CODE}.`);
  await expect(dialog).toContainText('Ask someone who manages products to add it');
  await expect(dialog.getByRole('searchbox')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Scan', exact: true })).toBeFocused();
});
