import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, signIn, test } from './support/app-test.ts';

/*
 * These change settings every signed-in person reads (role permissions, UI styles). Each test records the
 * setting first and puts it back at the end, through the API as well, so a failure half-way leaves the shared
 * database as it found it.
 */

function origin(): string {
  return new URL(test.info().project.use.baseURL as string).origin;
}

async function permissionsOf(request: APIRequestContext, role: string): Promise<string[]> {
  const response = await request.get('/api/permissions');
  expect(response.status()).toBe(200);
  return ((await response.json()) as Record<string, string[]>)[role] ?? [];
}

function cssVariable(locator: Locator, name: string): Promise<string> {
  return locator.evaluate((element, variable) => getComputedStyle(element).getPropertyValue(variable).trim(), name);
}

test.describe('admin: settings', () => {
  test('a change in the roles matrix is what /api/permissions answers', async ({ page }) => {
    await signIn(page, 'admin', '/admin/users');
    const original = await permissionsOf(page.request, 'staff');
    expect(original).not.toContain('view_orders');
    try {
      const admin = page.getByRole('checkbox', { name: 'Admin: See orders' });
      await expect(admin).toBeChecked();
      await expect(admin).toBeDisabled();

      const staffOrders = page.getByRole('checkbox', { name: 'Staff: See orders' });
      await expect(staffOrders).not.toBeChecked();
      await staffOrders.check();
      await page.getByRole('button', { name: 'Save permissions' }).click();
      await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Permissions saved')).toBeVisible();
      expect(await permissionsOf(page.request, 'staff')).toContain('view_orders');

      await staffOrders.uncheck();
      await page.getByRole('button', { name: 'Save permissions' }).click();
      await expect(page.getByRole('button', { name: 'Save permissions' })).toBeDisabled();
      await expect.poll(() => permissionsOf(page.request, 'staff')).toEqual([...original].sort());
    } finally {
      await page.request.put('/api/admin/roles/staff/permissions', {
        data: { permissions: original },
        headers: { origin: origin() },
      });
    }
  });

  test('the styles editor previews an edit on the preview only, and saving applies it to the app', async ({
    page,
  }) => {
    await signIn(page, 'admin', '/admin/ui');
    const saved = await (await page.request.get('/api/admin/ui-settings')).json();
    const html = page.locator('html');
    const preview = page.getByRole('region', { name: 'Preview' });
    const sample = preview.locator('button', { hasText: 'Submit order' });
    try {
      const before = await cssVariable(html, '--ui-button-primary-background');
      expect(before).toBe('#2563eb');
      await expect.poll(() => cssVariable(preview, '--ui-button-primary-background')).toBe(before);

      await page.getByRole('textbox', { name: 'Primary background' }).fill('#16a34a');
      await expect.poll(() => cssVariable(preview, '--ui-button-primary-background')).toBe('#16a34a');
      await expect(sample).toHaveCSS('background-color', 'rgb(22, 163, 74)');
      // Nothing outside the preview changes until the styles are saved.
      expect(await cssVariable(html, '--ui-button-primary-background')).toBe(before);

      await page.getByRole('button', { name: 'Save styles' }).click();
      await expect.poll(() => cssVariable(html, '--ui-button-primary-background')).toBe('#16a34a');

      await page.getByRole('button', { name: 'Reset to defaults' }).click();
      await expect.poll(() => cssVariable(preview, '--ui-button-primary-background')).toBe('#2563eb');
      await page.getByRole('button', { name: 'Save styles' }).click();
      await expect.poll(() => cssVariable(html, '--ui-button-primary-background')).toBe('#2563eb');
      await expect(page.getByRole('button', { name: 'Reset to defaults' })).toBeDisabled();
    } finally {
      await page.request.put('/api/admin/ui-settings', { data: saved, headers: { origin: origin() } });
    }
  });

  test('a bad style value is refused in the editor with the engine’s words', async ({ page }) => {
    await signIn(page, 'admin', '/admin/ui');
    await page.getByRole('textbox', { name: 'Box background' }).fill('url(x)');
    await expect(page.getByText('Box background may hold only letters, digits')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save styles' })).toBeDisabled();
    await page.getByRole('button', { name: 'Discard' }).first().click();
    await expect(page.getByRole('textbox', { name: 'Box background' })).toHaveValue('#ffffff');
  });

  test('the admin overview counts users, locations and products, and the audit log shows an edit', async ({
    page,
  }) => {
    await signIn(page, 'admin', '/admin');
    const glance = page.getByRole('region', { name: 'At a glance' });
    await expect(glance.getByRole('link', { name: /Users\s*\d+\s*active/ })).toBeVisible();
    await expect(glance.getByRole('link', { name: /Locations\s*\d+\s*active/ })).toBeVisible();
    await expect(glance.getByRole('link', { name: /Products\s*\d+\s*in use/ })).toBeVisible();

    await page.goto('/admin/audit-log');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Record' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load older changes' }).or(page.getByRole('list', { name: 'Changes, newest first' })).or(page.getByText('No changes recorded yet.')).first()).toBeVisible();
  });
});
