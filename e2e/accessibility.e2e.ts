import type { Page } from '@playwright/test';
import {
  accountButton,
  chooseLocation,
  type DemoRole,
  expect,
  locationPicker,
  operationButton,
  signIn,
  test,
} from './support/app-test.ts';
import {
  blockingViolations,
  clippedButtons,
  contrastViolations,
  fitsWidth,
  settled,
  VIEWPORTS,
} from './support/axe.ts';

/*
 * Every route of requirements §2 that is not an admin page or an operation screen (those have their own suites),
 * read by axe at both sizes. Signed-in pages are opened by the role that may use them, so each shows its content
 * and not "you may not".
 */
const SIGNED_IN_PAGES: { path: string; role: DemoRole; heading: string | RegExp }[] = [
  { path: '/', role: 'staff', heading: /Good (morning|afternoon|evening), / },
  { path: '/inventory', role: 'district', heading: 'Inventory Management' },
  { path: '/order-confirmation', role: 'manager', heading: 'View Cart' },
  { path: '/order-management', role: 'district', heading: 'Order Management' },
  { path: '/orders', role: 'district', heading: 'Orders' },
  { path: '/approvals', role: 'district', heading: 'Approvals' },
  { path: '/par-lock', role: 'district', heading: 'Par Lock' },
  { path: '/ops-tracker', role: 'district', heading: 'District Ops Tracker' },
  { path: '/cafe-ops-tracker', role: 'manager', heading: 'Cafe Ops Tracker' },
  { path: '/navigator', role: 'district', heading: 'Navigator' },
  { path: '/account/password', role: 'manager', heading: /password/i },
  { path: '/no-such-page', role: 'manager', heading: /not found/i },
];

/** A café of each role's own, chosen in the header before its pages are read. */
const ROLE_CAFE: Record<'staff' | 'manager' | 'district', RegExp> = {
  staff: /Courthouse Corner Kiosk/,
  manager: /Harbor Street Café/,
  district: /Market Hall Coffee Bar/,
};

async function expectNoBlockingFindings(page: Page, what: string) {
  expect(await blockingViolations(page), what).toEqual([]);
  expect(await fitsWidth(page), `${what} scrolls sideways`).toBe(true);
  expect(await clippedButtons(page), `${what}: buttons whose words run out of them`).toEqual([]);
}

// The readings below pass only when they find nothing, so first: they do find what blocks someone.
test('the accessibility reading finds a field with no name and text too faint to read', async ({ page }) => {
  await page.setContent(
    '<html lang="en"><title>Count</title><main><h1>Count</h1><input type="text">' +
      '<p style="color:#ccc;background:#fff">Whole Milk</p></main></html>',
  );
  const found = await blockingViolations(page);
  expect(found.map((finding) => finding.split(' ')[0]).toSorted()).toEqual(['color-contrast', 'label']);
  expect(await contrastViolations(page)).toEqual([expect.stringMatching(/^p: /)]);
});

// Contrast does not change with the window's width: read once.
test("the header's menus and café list, open, are legible", async ({ page }) => {
  await signIn(page, 'district');
  await operationButton(page).click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(await contrastViolations(page), 'operation menu').toEqual([]);
  await page.keyboard.press('Escape');
  await locationPicker(page).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  // The first café is highlighted: its code is read on the highlight's background.
  await page.keyboard.press('ArrowDown');
  expect(await contrastViolations(page), 'café list').toEqual([]);
  await page.keyboard.press('Escape');
  await accountButton(page).click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(await contrastViolations(page), 'account menu').toEqual([]);
});

for (const viewport of VIEWPORTS) {
  test.describe(`accessibility on ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('landing page', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
      await expectNoBlockingFindings(page, '/');
    });

    test('sign-in page, also with errors showing', async ({ page }) => {
      await page.goto('/sign-in');
      await expect(page.getByLabel('Email')).toBeVisible();
      await expectNoBlockingFindings(page, '/sign-in');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText('Enter your email address')).toBeVisible();
      await expectNoBlockingFindings(page, '/sign-in with errors');
    });

    test('home, signed in', async ({ page }) => {
      await signIn(page, 'staff');
      await expect(page.getByRole('heading', { level: 2, name: 'Operations' })).toBeVisible();
      await expect(page.getByText('Your role can’t set PAR levels.')).toBeVisible();
      await expectNoBlockingFindings(page, '/ as staff');
    });

    test('home of an approver, with what waits for them', async ({ page }) => {
      await signIn(page, 'district');
      await expect(page.getByRole('link', { name: /^Approvals/ })).toContainText(/wait/);
      await expectNoBlockingFindings(page, '/ as a district manager');
    });

    for (const role of ['staff', 'manager', 'district'] as const) {
      const pages = SIGNED_IN_PAGES.filter((entry) => entry.role === role);
      test(`every page of the ${role} role`, async ({ page }) => {
        test.slow();
        await signIn(page, role);
        // With a café chosen, the pages of one café show their content, not "Location Required".
        await chooseLocation(page, ROLE_CAFE[role]);
        for (const { path, heading } of pages) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
          await settled(page);
          await expectNoBlockingFindings(page, path);
        }
      });
    }
  });
}
