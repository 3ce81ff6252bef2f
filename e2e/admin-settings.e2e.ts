import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, menuEntries, signIn, test } from './support/app-test.ts';

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

/** Puts a role's permissions back, based on whatever it holds now. */
async function restorePermissions(
  request: APIRequestContext,
  role: string,
  permissions: string[],
): Promise<void> {
  await request.put(`/api/admin/roles/${role}/permissions`, {
    data: { permissions, basedOn: await permissionsOf(request, role) },
    headers: { origin: origin() },
  });
}

function cssVariable(locator: Locator, name: string): Promise<string> {
  return locator.evaluate(
    (element, variable) => getComputedStyle(element).getPropertyValue(variable).trim(),
    name,
  );
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
      await expect(
        page.getByRole('region', { name: /Notifications/ }).getByText('Permissions saved'),
      ).toBeVisible();
      expect(await permissionsOf(page.request, 'staff')).toContain('view_orders');

      await staffOrders.uncheck();
      await page.getByRole('button', { name: 'Save permissions' }).click();
      await expect(page.getByRole('button', { name: 'Save permissions' })).toBeDisabled();
      await expect.poll(() => permissionsOf(page.request, 'staff')).toEqual([...original].sort());
    } finally {
      await restorePermissions(page.request, 'staff', original);
    }
  });

  test.describe('two admins editing one role', () => {
    test.use({ allowedConsoleErrors: [/status of 409/] });

    test('the save made on the older matrix is refused, says what changed and shows the matrix as it is', async ({
      page,
      browser,
    }) => {
      await signIn(page, 'admin', '/admin/users');
      const original = await permissionsOf(page.request, 'staff');
      expect(original).toContain('nightly_counts');
      expect(original).not.toContain('set_pars');
      const otherContext = await browser.newContext();
      try {
        // Both open the matrix while Staff holds nightly counts.
        const other = await otherContext.newPage();
        await signIn(other, 'admin', '/admin/users');
        const nightly = page.getByRole('checkbox', { name: 'Staff: Do nightly counts' });
        const pars = page.getByRole('checkbox', { name: 'Staff: Set PAR levels' });
        await expect(nightly).toBeChecked();

        // The other admin takes nightly counts away.
        await other.getByRole('checkbox', { name: 'Staff: Do nightly counts' }).uncheck();
        await other.getByRole('button', { name: 'Save permissions' }).click();
        await expect(
          other.getByRole('region', { name: /Notifications/ }).getByText('Permissions saved'),
        ).toBeVisible();

        // This one, still showing it, gives Set PARs.
        await pars.check();
        await page.getByRole('button', { name: 'Save permissions' }).click();
        await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toContainText(
          "Someone changed Staff's permissions since you opened them: “Do nightly counts” was taken away.",
        );
        await expect(
          page.getByRole('region', { name: /Notifications/ }).getByText('Permissions saved'),
        ).toHaveCount(0);
        // The matrix now shows what is stored, and nothing of the refused save was kept.
        await expect(nightly).not.toBeChecked();
        await expect(pars).not.toBeChecked();
        await expect(page.getByRole('button', { name: 'Save permissions' })).toBeDisabled();
        expect(await permissionsOf(page.request, 'staff')).toEqual(
          original.filter((key) => key !== 'nightly_counts'),
        );
      } finally {
        await otherContext.close();
        await restorePermissions(page.request, 'staff', original);
      }
    });
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

      await page.getByRole('textbox', { name: 'Primary background', exact: true }).fill('#15803d');
      await expect.poll(() => cssVariable(preview, '--ui-button-primary-background')).toBe('#15803d');
      await expect(sample).toHaveCSS('background-color', 'rgb(21, 128, 61)');
      // Nothing outside the preview changes until the styles are saved.
      expect(await cssVariable(html, '--ui-button-primary-background')).toBe(before);

      await page.getByRole('button', { name: 'Save styles' }).click();
      await expect.poll(() => cssVariable(html, '--ui-button-primary-background')).toBe('#15803d');

      await page.getByRole('button', { name: 'Reset to defaults' }).click();
      await expect.poll(() => cssVariable(preview, '--ui-button-primary-background')).toBe('#2563eb');
      await page.getByRole('button', { name: 'Save styles' }).click();
      await expect.poll(() => cssVariable(html, '--ui-button-primary-background')).toBe('#2563eb');
      await expect(page.getByRole('button', { name: 'Reset to defaults' })).toBeDisabled();
    } finally {
      await page.request.put('/api/admin/ui-settings', { data: saved, headers: { origin: origin() } });
    }
  });

  test.describe('two admins editing the styles', () => {
    test.use({ allowedConsoleErrors: [/status of 409/] });

    test("the save made on the older styles is refused, names the other's change and shows it", async ({
      page,
      browser,
    }) => {
      await signIn(page, 'admin', '/admin/ui');
      const saved = await (await page.request.get('/api/admin/ui-settings')).json();
      const otherContext = await browser.newContext();
      try {
        const other = await otherContext.newPage();
        await signIn(other, 'admin', '/admin/ui');
        // This admin starts an edit; the other one saves a new primary colour first.
        const boxBackground = page.getByRole('textbox', { name: 'Box background', exact: true });
        await boxBackground.fill('#fafafa');
        await other.getByRole('textbox', { name: 'Primary background', exact: true }).fill('#15803d');
        await other.getByRole('button', { name: 'Save styles' }).click();
        await expect(
          other.getByRole('region', { name: /Notifications/ }).getByText('Styles saved'),
        ).toBeVisible();

        await page.getByRole('button', { name: 'Save styles' }).click();
        await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toContainText(
          'Someone else changed the styles after you opened them: Primary background.',
        );
        // The editor shows what is stored: the other's colour kept, this edit not saved.
        await expect(page.getByRole('textbox', { name: 'Primary background', exact: true })).toHaveValue(
          '#15803d',
        );
        await expect(boxBackground).toHaveValue('#ffffff');
        const stored = await (await page.request.get('/api/admin/ui-settings')).json();
        expect(stored.styles.buttons.primaryBackground).toBe('#15803d');
        expect(stored.styles.boxes.backgroundColor).toBe('#ffffff');
      } finally {
        await otherContext.close();
        await page.request.put('/api/admin/ui-settings', { data: saved, headers: { origin: origin() } });
      }
    });
  });

  test('a bad style value is refused in the editor with the engine’s words', async ({ page }) => {
    await signIn(page, 'admin', '/admin/ui');
    await page.getByRole('textbox', { name: 'Box background', exact: true }).fill('url(x.png)');
    await expect(page.getByText('Box background must not use url()')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save styles' })).toBeDisabled();
    await page.getByRole('button', { name: 'Discard' }).first().click();
    await expect(page.getByRole('textbox', { name: 'Box background', exact: true })).toHaveValue('#ffffff');

    // Unreadable button text is refused beside the field that sets it, before anything is sent.
    const text = page.getByRole('textbox', { name: 'Primary text', exact: true });
    await text.fill('#2563eb');
    await expect(text).toHaveAccessibleDescription(
      'Primary text on Primary background has a contrast of 1.00:1; button labels need at least 4.5:1',
    );
    await expect(page.getByRole('button', { name: 'Save styles' })).toBeDisabled();
    await page.getByRole('button', { name: 'Discard' }).first().click();
  });

  test('the admin overview counts users, locations and products', async ({ page }) => {
    await signIn(page, 'admin', '/admin');
    const glance = page.getByRole('region', { name: 'At a glance' });
    await expect(glance.getByRole('link', { name: /Users\s*\d+\s*active/ })).toBeVisible();
    await expect(glance.getByRole('link', { name: /Locations\s*6\s*active/ })).toBeVisible();
    await expect(glance.getByRole('link', { name: /Products\s*\d+\s*in use/ })).toBeVisible();
    await glance.getByRole('link', { name: /Locations/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
    await expect(page.getByRole('region', { name: /Northside/ })).toContainText('Lakeview Commons');
  });

  test('the audit log shows an edit as before and after, filtered by record and person', async ({ page }) => {
    await signIn(page, 'admin', '/admin');
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
    const headers = { origin: origin() };
    const invited = await page.request.post('/api/admin/users', {
      data: {
        email: `e2e-audit-${stamp}@parstock.test`,
        firstName: 'Avery',
        lastName: `Audit${stamp}`,
        role: 'staff',
        locationIds: [],
      },
      headers,
    });
    expect(invited.status()).toBe(201);
    const { user } = (await invited.json()) as { user: { id: number } };
    try {
      const changed = await page.request.patch(`/api/admin/users/${user.id}`, {
        data: { role: 'cafe_manager' },
        headers,
      });
      expect(changed.status()).toBe(200);

      await page.goto('/admin/audit-log');
      await page.getByRole('combobox', { name: 'Record' }).click();
      await page.getByRole('option', { name: 'Person', exact: true }).click();
      await page.getByRole('combobox', { name: 'Changed by' }).click();
      await page.getByRole('option', { name: 'Dana Whitfield' }).click();

      const entries = page.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem');
      const update = entries.filter({ hasText: `User update · Avery Audit${stamp} · person ${user.id}` });
      await expect(update).toBeVisible();
      await expect(update).toContainText('Dana Whitfield');
      await expect(update.getByRole('row', { name: /^Role\s+staff\s+cafe_manager$/ })).toBeVisible();
      // Newest first: the edit comes before the invitation that preceded it.
      const texts = await entries.allInnerTexts();
      const updateAt = texts.findIndex((text) =>
        text.includes(`User update · Avery Audit${stamp} · person ${user.id}`),
      );
      const inviteAt = texts.findIndex((text) =>
        text.includes(`User invite · Avery Audit${stamp} · person ${user.id}`),
      );
      expect(updateAt).toBeGreaterThanOrEqual(0);
      expect(inviteAt).toBeGreaterThan(updateAt);
    } finally {
      await page.request.patch(`/api/admin/users/${user.id}`, { data: { active: false }, headers });
    }
  });

  test('categories reorder from the keyboard and save together', async ({ page }) => {
    await signIn(page, 'admin', '/admin/products');
    const saved = (await (await page.request.get('/api/admin/categories')).json()) as { category: string }[];
    const [first, second] = saved.map((c) => c.category);
    if (!first || !second) throw new Error('The demo data has at least two categories');
    try {
      const list = page.getByRole('list', { name: 'Categories in display order' });
      await page.getByRole('button', { name: `Move ${second} up` }).focus();
      await page.keyboard.press('Enter');
      await expect(list.getByRole('listitem').first()).toContainText(second);
      // At the top its up arrow is disabled, so focus moves to its down arrow, not to the page.
      await expect(page.getByRole('button', { name: `Move ${second} down` })).toBeFocused();
      await page.getByRole('button', { name: 'Save order' }).click();
      await expect(page.getByRole('button', { name: 'Save order' })).toBeDisabled();
      const order = (await (await page.request.get('/api/admin/category-order')).json()) as {
        category: string;
        displayOrder: number;
      }[];
      const sorted = [...order].sort((a, b) => a.displayOrder - b.displayOrder).map((c) => c.category);
      expect(sorted.slice(0, 2)).toEqual([second, first]);
    } finally {
      await page.request.put('/api/admin/categories', {
        data: { categories: saved.map(({ category }) => ({ category })) },
        headers: { origin: origin() },
      });
    }
  });

  test('a hidden tab leaves the operation menu until it is shown again', async ({ page }) => {
    await signIn(page, 'admin', '/admin/ui');
    const saved = await (await page.request.get('/api/admin/tab-display-order')).json();
    // A toast is a layer Escape closes first, as Radix stacks them: one that arrived with the menu open would keep
    // the menu open. The person reads the confirmation and dismisses it, then uses the menu.
    const notifications = page.getByRole('region', { name: /Notifications/ });
    const saveTabs = async () => {
      await page.getByRole('button', { name: 'Save tabs' }).click();
      await expect(notifications.getByText('Tabs saved')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save tabs' })).toBeDisabled();
      await notifications.getByRole('button', { name: 'Dismiss notification' }).click();
      await expect(notifications.getByText('Tabs saved')).toBeHidden();
    };
    try {
      expect(await menuEntries(page)).toContain('Navigator');
      const list = page.getByRole('list', { name: 'Tabs in menu order' });
      await list.getByRole('checkbox', { name: 'Visible Navigator' }).uncheck();
      await saveTabs();
      expect(await menuEntries(page)).not.toContain('Navigator');

      await list.getByRole('checkbox', { name: 'Visible Navigator' }).check();
      await saveTabs();
      expect(await menuEntries(page)).toContain('Navigator');
    } finally {
      await page.request.put('/api/admin/tab-display-order', {
        data: {
          tabs: saved.map(
            ({ id, tabName, icon, parentId, isVisible, displayOrder }: Record<string, unknown>) => ({
              id,
              tabName,
              icon,
              parentId,
              isVisible,
              displayOrder,
            }),
          ),
        },
        headers: { origin: origin() },
      });
    }
  });
});
