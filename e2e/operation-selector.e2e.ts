import {
  chooseOperation,
  type DemoRole,
  expect,
  menuEntries,
  operationButton,
  signIn,
  test,
} from './support/app-test.ts';

/*
 * The default role → permission map (product.md) decides what each role's menu offers; the header hides
 * what a role may not use rather than letting it fail later.
 */
const MENUS: Record<DemoRole, string[]> = {
  staff: ['Count Inventory', 'Nightly Counts', 'View Cart', 'Cafe Ops Tracker'],
  manager: [
    'Set PARs',
    'Count Inventory',
    'Nightly Counts',
    'Shopping List',
    'View Cart',
    'Orders',
    'Inventory Management',
    'Navigator',
    'Cafe Ops Tracker',
  ],
  district: [
    'Set PARs',
    'Count Inventory',
    'Nightly Counts',
    'Shopping List',
    'View Cart',
    'Orders',
    'Order Management',
    'Approvals',
    'Par Lock',
    'Inventory Management',
    'Navigator',
    'District Ops Tracker',
    'Cafe Ops Tracker',
  ],
  admin: [
    'Set PARs',
    'Count Inventory',
    'Nightly Counts',
    'Shopping List',
    'View Cart',
    'Orders',
    'Order Management',
    'Approvals',
    'Par Lock',
    'Inventory Management',
    'Navigator',
    'District Ops Tracker',
    'Cafe Ops Tracker',
    'Settings',
  ],
};

test.describe('operation selector', () => {
  for (const role of Object.keys(MENUS) as DemoRole[]) {
    test(`offers ${role} exactly what the role may use`, async ({ page }) => {
      await signIn(page, role);
      expect(await menuEntries(page)).toEqual(MENUS[role]);
    });
  }

  test('staff cannot set PARs: the home card says why', async ({ page }) => {
    await signIn(page, 'staff');
    await expect(page.getByText('Your role can’t set PAR levels.')).toBeVisible();
    await expect(page.getByRole('button', { name: /Set PAR Levels/ })).toHaveCount(0);
    await expect(page.getByText('Only administrators can change settings.')).toBeVisible();
    // Allowed entries stay usable.
    await expect(page.getByRole('button', { name: /Count Inventory/ })).toBeEnabled();
    // View Cart opens for everyone, but promises submitting only to those who may.
    await expect(page.getByRole('link', { name: /View Cart/ })).toContainText(
      'See what is on the café’s shopping list; a manager submits it.',
    );
  });

  test('admin settings expand to their sections', async ({ page }) => {
    await signIn(page, 'admin');
    await operationButton(page).click();
    const settings = page.getByRole('menuitem', { name: 'Settings', exact: true });
    await expect(settings).toHaveAttribute('aria-expanded', 'false');
    await settings.click();
    await expect(settings).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('menuitem', { name: 'Users', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(operationButton(page)).toHaveAccessibleName('Operation: Users');
  });

  test('works from the keyboard, including expanding a parent', async ({ page }) => {
    await signIn(page, 'admin');
    await operationButton(page).focus();
    await page.keyboard.press('Enter');
    const settings = page.getByRole('menuitem', { name: 'Settings', exact: true });
    await expect(page.getByRole('menu')).toBeVisible();
    // Settings is the last entry.
    await page.keyboard.press('End');
    await expect(settings).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(settings).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'All settings' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  });

  test('choosing an operation elsewhere goes home with it chosen', async ({ page }) => {
    await signIn(page, 'manager', '/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await chooseOperation(page, 'Set PARs');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('alert')).toHaveText(
      'Location Required: Please select a location from the dropdown in the header to continue with Set PARs.',
    );
    expect(await page.evaluate(() => localStorage.getItem('selectedAction'))).toBe('set_pars');
  });

  test('a screen tab navigates to its route', async ({ page }) => {
    await signIn(page, 'district');
    await chooseOperation(page, 'Navigator');
    await expect(page).toHaveURL(/\/navigator$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Navigator' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Inventory value' })).toBeVisible();
  });
});
