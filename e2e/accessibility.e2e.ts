import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/app-test.ts';

/** Serious and critical findings only: those block someone from using the page. */
async function blockingViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

test.describe('accessibility', () => {
  test('landing page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
  });

  test('sign-in page, also with errors showing', async ({ page }) => {
    await page.goto('/sign-in');
    await expect(page.getByLabel('Email')).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter your email address')).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
  });

  test('home, signed in', async ({ page }) => {
    await signIn(page, 'staff');
    await expect(page.getByRole('heading', { level: 2, name: 'Operations' })).toBeVisible();
    await expect(page.getByText('Your role can’t set PAR levels.')).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
  });
});
