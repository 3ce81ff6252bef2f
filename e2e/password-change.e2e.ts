import type { APIRequestContext, Page } from '@playwright/test';
import {
  accountButton,
  chooseLocation,
  chooseOperation,
  DEMO,
  DEMO_PASSWORD,
  expect,
  locationPicker,
  preloadsDone,
  test,
} from './support/app-test.ts';
import { blockingViolations } from './support/axe.ts';

/*
 * People invited here are new per run and placed only at a Northside café, so the demo accounts other
 * tests sign in as are never touched.
 */

const NEW_PASSWORD = 'a kettle of fresh oat milk';
const NEWER_PASSWORD = 'seven crates of cold brew';

function unique(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

function origin(): string {
  return new URL(test.info().project.use.baseURL as string).origin;
}

interface Invitation {
  email: string;
  firstName: string;
  oneTimePassword: string;
}

/** The administrator invites a staff member through the API, as the admin screen does. */
async function inviteThroughApi(request: APIRequestContext): Promise<Invitation> {
  const headers = { origin: origin() };
  const login = await request.post('/api/auth/login', {
    data: { email: DEMO.admin.email, password: DEMO_PASSWORD },
    headers,
  });
  expect(login.status(), await login.text()).toBe(200);
  const locations = (await (await request.get('/api/admin/locations')).json()) as {
    id: number;
    code: string;
  }[];
  const maplePark = locations.find((location) => location.code === 'NS-01');
  if (!maplePark) throw new Error('The demo seed has no NS-01');

  const stamp = unique();
  const firstName = 'Pat';
  const email = `e2e-password-${stamp}@parstock.test`;
  const invited = await request.post('/api/admin/users', {
    data: { email, firstName, lastName: `Newcomer${stamp}`, role: 'staff', locationIds: [maplePark.id] },
    headers,
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const { oneTimePassword } = (await invited.json()) as { oneTimePassword: string };
  return { email, firstName, oneTimePassword };
}

/**
 * A staff member invited by the administrator, signed in on `person` with the one-time password replaced by
 * NEW_PASSWORD through the API, as the forced page does.
 */
async function inviteAndReplacePassword(
  admin: APIRequestContext,
  person: APIRequestContext,
): Promise<Invitation> {
  const invitation = await inviteThroughApi(admin).finally(() => admin.dispose());
  await person.post('/api/auth/login', {
    data: { email: invitation.email, password: invitation.oneTimePassword },
    headers: { origin: origin() },
  });
  const changed = await person.post('/api/auth/change-password', {
    data: { currentPassword: invitation.oneTimePassword, newPassword: NEW_PASSWORD },
    headers: { origin: origin() },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  return invitation;
}

async function signInWith(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const choosePasswordHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Choose a new password' });

test.describe('choosing a new password', () => {
  // A wrong current password is refused with a 400, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test('an invited user must replace the one-time password before the app opens, and only the new one works afterwards', async ({
    page,
    playwright,
  }) => {
    const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const invitation = await inviteThroughApi(admin).finally(() => admin.dispose());

    await signInWith(page, invitation.email, invitation.oneTimePassword);
    await expect(choosePasswordHeading(page)).toBeVisible();
    await expect(page).toHaveTitle(/Choose a new password/);
    // Nothing of the app is there yet: no header, no menus.
    await expect(accountButton(page)).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Select Location' })).toHaveCount(0);
    await expect(page.getByText('At least 12 characters')).toBeVisible();
    await expect(page.getByText(invitation.email)).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);

    await page.screenshot({
      path: test.info().outputPath('choose-new-password-desktop.png'),
      fullPage: true,
    });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: test.info().outputPath('choose-new-password-375.png'), fullPage: true });

    const current = page.getByLabel('Current password');
    const next = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password');
    const save = page.getByRole('button', { name: 'Save and continue' });

    // Typos are caught before anything is sent.
    await current.fill(invitation.oneTimePassword);
    await next.fill(NEW_PASSWORD);
    await confirm.fill(`${NEW_PASSWORD}.`);
    await save.click();
    await expect(page.getByText('The new passwords do not match.')).toBeVisible();
    await expect(confirm).toHaveAttribute('aria-invalid', 'true');

    // The server refuses a wrong current password, on that field.
    await current.fill('not-the-one-time-password');
    await confirm.fill(NEW_PASSWORD);
    const refused = page.waitForResponse('**/api/auth/change-password');
    await save.click();
    expect((await refused).status()).toBe(400);
    await expect(page.getByText('Your current password is incorrect.')).toBeVisible();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await page.screenshot({
      path: test.info().outputPath('choose-new-password-error-375.png'),
      fullPage: true,
    });
    await expect(choosePasswordHeading(page)).toBeVisible();

    await current.fill(invitation.oneTimePassword);
    const appLoaded = preloadsDone(page);
    await save.click();
    await expect(accountButton(page)).toBeVisible();
    await appLoaded;
    await expect(choosePasswordHeading(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`, ${invitation.firstName}`);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Signed out, the one-time password no longer opens the account; the new one does, straight into the app.
    await page.request.post('/api/auth/logout', { headers: { origin: origin() } });
    await signInWith(page, invitation.email, invitation.oneTimePassword);
    await expect(page.getByRole('alert')).toContainText('Email or password is incorrect.');
    await expect(accountButton(page)).toHaveCount(0);

    await page.getByLabel('Password').fill(NEW_PASSWORD);
    const loadedAgain = preloadsDone(page);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(accountButton(page)).toBeVisible();
    await loadedAgain;
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`, ${invitation.firstName}`);
    await expect(choosePasswordHeading(page)).toHaveCount(0);
  });

  test('a new barista with one café finds it chosen, and may still clear it (decision 060)', async ({
    page,
    playwright,
  }) => {
    const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    await inviteAndReplacePassword(admin, page.request);
    // A shared tablet: the last person's café is still stored, and it is not this barista's.
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('selectedLocationId', '999999'));
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await expect(accountButton(page)).toBeVisible();

    await chooseOperation(page, 'Count Inventory');
    await expect(page.getByRole('heading', { level: 1, name: 'Count Inventory' })).toBeVisible();
    await expect(locationPicker(page)).toContainText('NS-01');
    expect(await page.evaluate(() => localStorage.getItem('selectedLocationCode'))).toBe('NS-01');
    await page.screenshot({ path: test.info().outputPath('only-cafe-chosen-375.png'), fullPage: false });

    await chooseLocation(page, 'No location selected');
    await expect(page.getByRole('alert')).toContainText('Location Required');
    expect(await page.evaluate(() => localStorage.getItem('selectedLocationId'))).toBeNull();
  });

  test('anyone can change their password later from the profile menu', async ({ page, playwright }) => {
    const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const invitation = await inviteAndReplacePassword(admin, page.request);

    const loaded = preloadsDone(page);
    await page.goto('/');
    await loaded;
    await accountButton(page).click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/account\/password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();
    await page.getByLabel('Current password').fill(NEW_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill(NEWER_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEWER_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Password changed' })).toBeVisible();
    await page.screenshot({
      path: test.info().outputPath('change-password-done-desktop.png'),
      fullPage: true,
    });

    // This device stays signed in; the newest password is the one that signs in.
    await page.getByRole('link', { name: 'Back to Parstock' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(accountButton(page)).toBeVisible();
    const stale = await page.request.post('/api/auth/login', {
      data: { email: invitation.email, password: NEW_PASSWORD },
      headers: { origin: origin() },
    });
    expect(stale.status()).toBe(401);
  });
});
