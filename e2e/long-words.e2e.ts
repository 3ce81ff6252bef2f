import type { Locator, Page } from '@playwright/test';
import { chooseLocation, chooseOperation, expect, signIn, test } from './support/app-test.ts';
import { settled } from './support/axe.ts';

/*
 * A name, title or note typed as one long unbroken word (a pasted code, a name with no spaces) must wrap inside its
 * box on a phone, not push the page sideways; a café's code as long as it may be must fit too. The reads are answered with every displayed name lengthened by such a
 * word, so the shared database keeps its demo names for the other tests.
 */

const WIDTH = 375;
const LONG_WORD = 'W'.repeat(60);
const DISPLAYED_TEXT = /(^|[a-z])(name|Name|title|Title)$|^(note|comment)$/;

// Role names are the product's own, not typed by anyone.
const FIXED_NAMES = ['/api/admin/roles'];

test.use({ viewport: { width: WIDTH, height: 812 }, isMobile: true, hasTouch: true });

/** A café's code at the longest the admin form takes (32 characters): the header shows it on a phone. */
const LONGEST_CODE = 32;

function lengthen(value: unknown, key = ''): unknown {
  if (typeof value === 'string' && (key === 'code' || key === 'locationCode') && value !== '')
    return `${value}-`.padEnd(LONGEST_CODE, 'W');
  if (typeof value === 'string')
    return DISPLAYED_TEXT.test(key) && value !== '' ? `${value}${LONG_WORD}` : value;
  if (Array.isArray(value)) return value.map((item) => lengthen(item, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, lengthen(item, name)]));
  }
  return value;
}

async function lengthenDisplayedNames(page: Page): Promise<void> {
  await page.route('**/api/**', async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (route.request().method() !== 'GET' || FIXED_NAMES.includes(path)) return route.fallback();
    const response = await route.fetch();
    if (response.status() !== 200 || !(response.headers()['content-type'] ?? '').includes('json')) {
      return route.fulfill({ response });
    }
    await route.fulfill({ status: 200, json: lengthen(await response.json()) });
  });
}

/** Waits for the screen to show a lengthened name (or `shown`), then measures the page. */
async function expectFitsPhone(page: Page, screen: string, shown?: Locator): Promise<void> {
  await expect(shown ?? page.getByText(LONG_WORD).locator('visible=true').first()).toBeVisible();
  await settled(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${screen} is wider than the phone`).toBeLessThanOrEqual(WIDTH);
}

test.describe('one long unbroken word on a phone', () => {
  // Each test opens several screens.
  test.describe.configure({ timeout: 90_000 });

  test('the admin screens keep to the screen', async ({ page }) => {
    await lengthenDisplayedNames(page);
    await signIn(page, 'admin');
    for (const section of ['users', 'locations', 'tasks', 'products']) {
      await page.goto(`/admin/${section}`);
      await expectFitsPhone(page, `Admin ${section}`);
    }
    // The audit log's newest entries may all be the system's, with no name in them.
    await page.goto('/admin/audit-log');
    await expectFitsPhone(page, 'Admin audit-log', page.getByRole('list', { name: 'Changes, newest first' }));
  });

  test("a district manager's screens keep to the screen", async ({ page }) => {
    await lengthenDisplayedNames(page);
    await signIn(page, 'district');
    await chooseLocation(page, /Harbor Street Café/);
    for (const path of [
      '/approvals',
      '/orders',
      '/order-management',
      '/ops-tracker',
      '/navigator',
      '/par-lock',
      '/inventory',
    ]) {
      await page.goto(path);
      await expectFitsPhone(page, path);
    }
  });

  test("a café's counting and ordering screens keep to the screen", async ({ page }) => {
    await lengthenDisplayedNames(page);
    await signIn(page, 'manager');
    await chooseLocation(page, /Harbor Street Café/);
    for (const operation of ['Count Inventory', 'Set PARs', 'Nightly Counts', 'Shopping List']) {
      await chooseOperation(page, operation);
      await expect(page.getByRole('heading', { level: 1, name: operation })).toBeVisible();
      await expectFitsPhone(page, operation);
    }
    for (const path of ['/cafe-ops-tracker', '/order-confirmation']) {
      await page.goto(path);
      await expectFitsPhone(page, path);
    }
  });
});
