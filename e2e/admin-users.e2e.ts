import { accountButton, expect, locationPicker, signIn, test } from './support/app-test.ts';

/*
 * Users made here are new per run and placed only at Northside cafés (NS-01, NS-02), so the demo accounts
 * other tests sign in as are never touched.
 */

function unique(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

test.describe('admin: users', () => {
  test('an invited user signs in with the one-time password, sees exactly their cafés, and is signed out when deactivated', async ({
    page,
    browser,
  }) => {
    // Two people, two sign-ins and a password change: each password is hashed slowly on purpose.
    test.slow();
    const stamp = unique();
    const email = `e2e-staff-${stamp}@parstock.test`;
    const name = `Quinn Tester${stamp}`;

    await signIn(page, 'admin', '/admin/users');
    await page.getByRole('button', { name: 'Invite user' }).click();
    const form = page.getByRole('dialog', { name: 'Invite a user' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('First name').fill('Quinn');
    await form.getByLabel('Last name').fill(`Tester${stamp}`);
    await expect(form.getByRole('combobox', { name: 'Role' })).toHaveText('Staff');
    await form.getByRole('checkbox', { name: /Maple Park Roastery Café/ }).check();
    await form.getByRole('checkbox', { name: /Lakeview Commons/ }).check();
    await form.getByRole('button', { name: 'Invite user' }).click();

    const shown = page.getByRole('dialog', { name: `${name} is invited` });
    const password = await shown.getByLabel('One-time password').inputValue();
    expect(password).toMatch(/^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}$/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search users' }).fill(stamp);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(email);
    await expect(row).toContainText('Staff');
    await expect(row).toContainText(/NS-01, NS-02|NS-02, NS-01/);
    await expect(row).toContainText('Never');
    await expect(row).toContainText('One-time password');

    // The new person, on their own device.
    const baseURL = test.info().project.use.baseURL;
    const theirs = await browser.newContext({ baseURL });
    try {
      const them = await theirs.newPage();
      await them.goto('/sign-in');
      await them.getByLabel('Email').fill(email);
      await them.getByLabel('Password').fill(password);
      await them.getByRole('button', { name: 'Sign in' }).click();
      // The one-time password opens only the page that replaces it.
      await them.getByLabel('Current password').fill(password);
      await them.getByLabel('New password', { exact: true }).fill(`${stamp} own password`);
      await them.getByLabel('Confirm new password').fill(`${stamp} own password`);
      await them.getByRole('button', { name: 'Save and continue' }).click();
      await expect(accountButton(them)).toBeVisible();
      await locationPicker(them).click();
      await expect(them.getByRole('option')).toHaveText([
        'No location selected',
        /Lakeview Commons\s*NS-02/,
        /Maple Park Roastery Café\s*NS-01/,
      ]);
      await them.keyboard.press('Escape');
      // Their own password chosen, the list reads them as active once it reads them again.
      await page.reload();
      await page.getByRole('searchbox', { name: 'Search users' }).fill(stamp);
      await expect(row).toContainText('Active');
      await expect(row).not.toContainText('One-time password');

      // The administrator deactivates them …
      await page.getByRole('button', { name: `More for ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Deactivate' }).click();
      const confirm = page.getByRole('alertdialog', { name: `Deactivate ${name}?` });
      await confirm.getByRole('button', { name: 'Deactivate' }).click();
      await expect(row).toContainText('Deactivated');

      // … and their next navigation finds the session ended: the landing page with its sign-in link.
      await them.goto('/');
      await expect(
        them.getByRole('heading', { level: 1, name: 'Inventory management for café chains' }),
      ).toBeVisible();
      await expect(them.getByRole('link', { name: 'Sign in' })).toBeVisible();
      await expect(accountButton(them)).toHaveCount(0);
    } finally {
      await theirs.close();
    }
  });

  test('a password reset shows a new one-time password once', async ({ page }) => {
    const stamp = unique();
    const name = `Robin Reset${stamp}`;
    await signIn(page, 'admin', '/admin/users');
    await page.getByRole('button', { name: 'Invite user' }).click();
    const form = page.getByRole('dialog', { name: 'Invite a user' });
    await form.getByLabel('Email').fill(`e2e-reset-${stamp}@parstock.test`);
    await form.getByLabel('First name').fill('Robin');
    await form.getByLabel('Last name').fill(`Reset${stamp}`);
    await form.getByRole('checkbox', { name: /Northgate Station Kiosk/ }).check();
    await form.getByRole('button', { name: 'Invite user' }).click();
    const invited = page.getByRole('dialog', { name: `${name} is invited` });
    const first = await invited.getByLabel('One-time password').inputValue();
    // Shown only now: an Escape pressed out of habit does not lose it; Done closes it.
    await page.keyboard.press('Escape');
    await expect(invited).toBeVisible();
    await invited.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('searchbox', { name: 'Search users' }).fill(stamp);
    await page.getByRole('button', { name: `More for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Reset password' }).click();
    await page
      .getByRole('alertdialog', { name: `Reset the password of ${name}?` })
      .getByRole('button', { name: 'Reset password' })
      .click();
    const reset = page.getByRole('dialog', { name: `New password for ${name}` });
    const second = await reset.getByLabel('One-time password').inputValue();
    expect(second).toMatch(/^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}$/);
    expect(second).not.toBe(first);
    await reset.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(second)).toHaveCount(0);
  });

  test("a district manager made a café manager keeps their district's cafés, ticked for the admin to see", async ({
    page,
  }) => {
    await signIn(page, 'admin', '/admin/users');
    const stamp = unique();
    const name = `Dale District${stamp}`;
    const headers = { origin: new URL(test.info().project.use.baseURL as string).origin };
    const districts = (await (await page.request.get('/api/admin/districts')).json()) as {
      id: number;
      name: string;
    }[];
    const northside = districts.find((district) => district.name === 'Northside');
    if (!northside) throw new Error('The demo data has a Northside district');
    const invited = await page.request.post('/api/admin/users', {
      data: {
        email: `e2e-dm-${stamp}@parstock.test`,
        firstName: 'Dale',
        lastName: `District${stamp}`,
        role: 'district_manager',
        districtIds: [northside.id],
      },
      headers,
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const { user } = (await invited.json()) as { user: { id: number } };
    try {
      // The list the page read may be from before the invitation: read it again, as an admin would by reloading.
      await page.reload();
      await page.getByRole('searchbox', { name: 'Search users' }).fill(stamp);
      await page.getByRole('button', { name: `Edit ${name}` }).click();
      const form = page.getByRole('dialog');
      await form.getByRole('combobox', { name: 'Role' }).click();
      await page.getByRole('option', { name: 'Café manager' }).click();
      await expect(form.getByRole('status')).toContainText(
        'Their districts go with the district manager’s role',
      );
      await expect(form.getByRole('checkbox', { name: /Maple Park Roastery Café/ })).toBeChecked();
      await expect(form.getByRole('checkbox', { name: /Lakeview Commons/ })).toBeChecked();
      await form.getByRole('button', { name: 'Save changes' }).click();
      await expect(form).toBeHidden();
      const row = page.getByRole('row', { name: new RegExp(name) });
      await expect(row).toContainText('Café manager');
      await expect(row).toContainText(/NS-01, NS-02|NS-02, NS-01/);
    } finally {
      await page.request.patch(`/api/admin/users/${user.id}`, { data: { active: false }, headers });
    }
  });

  test('inviting someone with no café says what that means, until a café is ticked', async ({ page }) => {
    await signIn(page, 'admin', '/admin/users');
    await page.getByRole('button', { name: 'Invite user' }).click();
    const form = page.getByRole('dialog');
    const hint = form.getByTestId('no-places-hint');
    await expect(hint).toHaveText(
      'No café chosen: they can sign in, but see no café and can count or order nothing until they are given one.',
    );
    await form.getByRole('checkbox', { name: /Maple Park Roastery Café/ }).check();
    await expect(hint).toHaveCount(0);
    await form.getByRole('button', { name: 'Cancel' }).click();
  });

  test('an administrator editing their own account cannot pick another role there', async ({ page }) => {
    await signIn(page, 'admin', '/admin/users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill('admin@parstock.test');
    await page.getByRole('button', { name: /^Edit Dana/ }).click();
    const form = page.getByRole('dialog');
    await expect(form.getByRole('combobox', { name: 'Role' })).toBeDisabled();
    await expect(form).toContainText('You cannot change your own role; another administrator can.');
  });

  test('on their own row an administrator is offered Change password, neither a reset nor a deactivation', async ({
    page,
  }) => {
    await signIn(page, 'admin', '/admin/users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill('admin@parstock.test');
    await page.getByRole('button', { name: /^More for Dana/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Change password' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Reset password' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Deactivate' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/account\/password$/);
    await expect(page.getByLabel('Current password')).toBeVisible();
  });

  test('someone without the admin area sees the access-denied gate', async ({ page }) => {
    await signIn(page, 'staff', '/admin');
    await expect(page.getByRole('heading', { name: "You don't have access to Settings" })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Settings sections' })).toHaveCount(0);
    await page.goto('/admin/products');
    await expect(page.getByRole('heading', { name: "You don't have access to Settings" })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Products' })).toHaveCount(0);
  });
});
