import { DEMO_PASSWORD, DEMO_USERS } from '@db/seed/demo-users.ts';
import { test as base, expect, type Page } from '@playwright/test';
import { expectFreshStart, leaveForTheNextTest } from './reused-context.ts';

/** The four documented demo sign-ins, one per role, as the seed creates them. */
const byEmail = (email: string) => {
  const user = DEMO_USERS.find((candidate) => candidate.email === email);
  if (!user) throw new Error(`The demo seed has no ${email}`);
  return { email: user.email, name: `${user.firstName} ${user.lastName}`, firstName: user.firstName };
};

export const DEMO = {
  admin: byEmail('admin@parstock.test'),
  district: byEmail('district@parstock.test'),
  manager: byEmail('manager@parstock.test'),
  staff: byEmail('staff@parstock.test'),
} as const;
export type DemoRole = keyof typeof DEMO;
export { DEMO_PASSWORD };

/*
 * Every test fails on a console error or an uncaught exception in the page, and on anything the page's content
 * policy refused: the browser reports a refusal as an event, not as a console error, so the page logs each one as
 * an error here. A signed-out page always
 * logs the browser's own line for the 401 of the session check, so that one is expected; a test that
 * provokes other refusals lists them in `allowedConsoleErrors`.
 */
const ALWAYS_ALLOWED = [/Failed to load resource: the server responded with a status of 401/];

/*
 * Requirements §7: a 404 from the active count completion means "no completed count"; the operation screens poll it,
 * and the browser logs every 404 it loads. Only that address's 404 is expected.
 */
const EXPECTED_NOT_FOUND = [/\/api\/count-completions\/active\/\d+$/];
const isExpectedNotFound = (text: string, url: string) =>
  /status of 404/.test(text) && EXPECTED_NOT_FOUND.some((pattern) => pattern.test(url));

export const test = base.extend<{ allowedConsoleErrors: RegExp[] }>({
  allowedConsoleErrors: [[], { option: true }],
  context: async ({ context }, use) => {
    await expectFreshStart(context);
    await use(context);
    await leaveForTheNextTest(context);
  },
  page: async ({ page, allowedConsoleErrors }, use) => {
    const allowed = [...ALWAYS_ALLOWED, ...allowedConsoleErrors];
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      if (isExpectedNotFound(message.text(), message.location().url)) return;
      if (!allowed.some((pattern) => pattern.test(message.text()))) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(`Uncaught: ${error.message}`));
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(
          `Content policy refused ${event.violatedDirective} (${event.blockedURI}) in ${event.sourceFile}:${event.lineNumber}`,
        ),
      ),
    );
    await use(page);
    expect(problems, 'errors in the browser console').toEqual([]);
  },
});

export { expect };

/** The profile button is the header's last control; once it shows, the signed-in frame is up. */
export function accountButton(page: Page) {
  return page.getByRole('button', { name: /^Account: / });
}

export function operationButton(page: Page) {
  return page.getByRole('button', { name: /^Operation: / });
}

export function locationPicker(page: Page) {
  return page.getByRole('combobox', { name: 'Select Location' });
}

/** Signs in through the form, as a person does, and waits for the signed-in header. */
export async function signInWithForm(page: Page, role: DemoRole, path = '/sign-in'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Email').fill(DEMO[role].email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(accountButton(page)).toBeVisible();
}

/**
 * Signs in through the API (same cookie as the form, faster), then opens `path`. The Origin header is
 * what a browser sends; the server refuses writes without it.
 */
export async function signIn(page: Page, role: DemoRole, path = '/'): Promise<void> {
  const origin = new URL(test.info().project.use.baseURL as string).origin;
  const response = await page.request.post('/api/auth/login', {
    data: { email: DEMO[role].email, password: DEMO_PASSWORD },
    headers: { origin },
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto(path);
  await expect(accountButton(page)).toBeVisible();
}

/** The top-level entries of the operation selector, in order. */
export async function menuEntries(page: Page): Promise<string[]> {
  await operationButton(page).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem').first()).toBeVisible();
  const names = await menu.getByRole('menuitem').allInnerTexts();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  return names.map((name) => name.trim());
}

export async function chooseOperation(page: Page, name: string): Promise<void> {
  await operationButton(page).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}

export async function chooseLocation(page: Page, name: string | RegExp): Promise<void> {
  await locationPicker(page).click();
  await page.getByRole('option', { name }).click();
}

/**
 * Resolves when the signed-in frame's parallel preload has answered. A test that ends the session soon after
 * signing in waits for it, so the preload is not refused half-way (which the app rightly logs).
 */
export function preloadsDone(page: Page): Promise<unknown> {
  return Promise.all(
    ['/api/products', '/api/inventory', '/api/admin/category-order'].map((path) =>
      page.waitForResponse((response) => new URL(response.url()).pathname === path && response.ok()),
    ),
  );
}
