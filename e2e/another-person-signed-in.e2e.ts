import { chooseLocation, chooseOperation, expect, signIn, test } from './support/app-test.ts';

const KIOSK = { code: 'DT-03', name: /Courthouse Corner Kiosk/ };

test('a count typed in a tab left open after another person signed in on the browser is not saved under their name', async ({
  page,
  context,
}) => {
  await signIn(page, 'staff');
  await chooseOperation(page, 'Count Inventory');
  await chooseLocation(page, KIOSK.name);
  const field = page.getByRole('textbox', { name: /^Count of / }).first();
  await expect(field).toBeEnabled();
  const product = ((await field.getAttribute('aria-label')) ?? '').replace(/^Count of /, '');

  // Another tab of the same browser: the district manager signs in there, and the cookie is the browser's.
  const other = await context.newPage();
  await signIn(other, 'district');
  await other.close();

  await field.click();
  await page.keyboard.type('4321');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('autosave-banner')).toContainText(
    'Another person signed in on this browser after this page opened',
  );

  // Read as the district manager, whose session the browser holds now: nothing was saved in their name.
  const locations = (await (await page.request.get('/api/user/locations')).json()) as {
    id: number;
    code: string;
  }[];
  const kiosk = locations.find((one) => one.code === KIOSK.code);
  const inventory = (await (await page.request.get(`/api/inventory?locationId=${kiosk?.id}`)).json()) as {
    items: { productName: string; count: number | null }[];
  };
  expect(inventory.items.find((item) => item.productName === product)?.count).not.toBe(4321);
});
