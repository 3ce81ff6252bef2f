import {
  accountButton,
  chooseLocation,
  chooseOperation,
  DEMO,
  DEMO_PASSWORD,
  type DemoRole,
  expect,
  preloadsDone,
  signInWithForm,
  test,
} from './support/app-test.ts';

const ROLE_NAMES: Record<DemoRole, string> = {
  admin: 'Admin',
  district: 'District manager',
  manager: 'Café manager',
  staff: 'Staff',
};

test.describe('sign in', () => {
  for (const role of Object.keys(DEMO) as DemoRole[]) {
    test(`${role} signs in and is greeted by name`, async ({ page }) => {
      await signInWithForm(page, role);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(`, ${DEMO[role].firstName}`);
      // The name holds the initials shown on the button (WCAG 2.5.3, label in name).
      const words = DEMO[role].name.split(' ');
      const initials = `${words[0]?.[0] ?? ''}${words.length > 1 ? (words.at(-1)?.[0] ?? '') : ''}`;
      await expect(accountButton(page)).toHaveAccessibleName(`Account: ${DEMO[role].name}, ${initials}`);
      await accountButton(page).click();
      await expect(page.getByRole('menu')).toContainText(ROLE_NAMES[role]);
      await expect(page.getByRole('menu')).toContainText(DEMO[role].email);
    });
  }

  test.describe('refusals', () => {
    test.use({ allowedConsoleErrors: [/status of 429/] });

    test('a wrong password shows the server’s message and signs nobody in', async ({ page }) => {
      await page.goto('/sign-in');
      await page.getByLabel('Email').fill(DEMO.manager.email);
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toContainText('Email or password is incorrect.');
      await expect(page).toHaveURL(/\/sign-in$/);
      await expect(accountButton(page)).toHaveCount(0);
    });

    test('after too many failures the server’s wait is shown', async ({ page }) => {
      // An address nobody uses elsewhere in the suite, so its lock-out touches no other test.
      const email = 'locked-out@parstock.test';
      await page.goto('/sign-in');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('wrong');
      const alert = page.getByRole('alert');
      for (let attempt = 1; attempt <= 5; attempt++) {
        const answered = page.waitForResponse('**/api/auth/login');
        await page.getByRole('button', { name: 'Sign in' }).click();
        expect((await answered).status()).toBe(401);
        await expect(alert).toContainText('Email or password is incorrect.');
      }
      // From here the server makes this address wait before each attempt (1 s, then 2, 4, …): a click that
      // comes after a wait ran out is checked (401) and doubles the next one, so keep going until it holds.
      let status = 401;
      for (let extra = 0; extra < 8 && status === 401; extra++) {
        const answered = page.waitForResponse('**/api/auth/login');
        await page.getByRole('button', { name: 'Sign in' }).click();
        status = (await answered).status();
      }
      expect(status).toBe(429);
      await expect(alert).toContainText(
        /Too many attempts\. Try again in \d+ (second|seconds|minute|minutes)\./,
      );
    });

    test('empty fields are caught before anything is sent', async ({ page }) => {
      let sent = false;
      page.on('request', (request) => {
        if (request.url().endsWith('/api/auth/login')) sent = true;
      });
      await page.goto('/sign-in');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText('Enter your email address')).toBeVisible();
      await expect(page.getByText('Enter your password')).toBeVisible();
      await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
      expect(sent).toBe(false);
    });
  });

  test('signing in from a deep link returns to it', async ({ page }) => {
    await page.goto('/orders');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Forders$/);
    await page.getByLabel('Email').fill(DEMO.manager.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  });

  test('sign out ends the session and shows the landing page', async ({ page }) => {
    const preloads = preloadsDone(page);
    await signInWithForm(page, 'staff');
    await preloads;
    await chooseOperation(page, 'Count Inventory');
    await chooseLocation(page, /Courthouse Corner Kiosk/);
    await expect(page.getByRole('heading', { level: 1, name: 'Count Inventory' })).toBeVisible();
    await accountButton(page).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const session = await page.request.get('/api/auth/user');
    expect(session.status()).toBe(401);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(accountButton(page)).toHaveCount(0);
    // The next person on this phone starts from the home list, not in the café and screen left open.
    expect(
      await page.evaluate(() =>
        ['selectedAction', 'selectedLocationId', 'selectedLocationName', 'selectedLocationCode'].map((key) =>
          localStorage.getItem(key),
        ),
      ),
    ).toEqual([null, null, null, null]);
  });
});
