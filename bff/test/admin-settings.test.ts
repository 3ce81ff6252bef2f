import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '@db/client.ts';
import { ADMIN_ROW_MESSAGE } from '@db/use-cases/set-role-permissions.ts';
import { adminCategorySchema } from '@engine/admin-category-schemas.ts';
import { adminRoleSchema, adminRolesResponseSchema } from '@engine/admin-role-schemas.ts';
import { type TabDisplayEntry, tabDisplayEntrySchema } from '@engine/api-schemas.ts';
import { PERMISSION_KEYS, permissionsMapSchema, ROLE_NAMES } from '@engine/permissions.ts';
import { DEFAULT_UI_STYLES, uiSettingsResponseSchema } from '@engine/ui-settings.ts';
import type { Fixture } from './fixtures.ts';
import { call } from './http.ts';
import { openTestWorld, type TestApp } from './test-world.ts';

let db: Db;
let fx: Fixture;
let app: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  ({
    db,
    fx,
    app,
    cookies: { admin, staff },
  } = await openTestWorld(['admin', 'staff']));
});
afterAll(() => db.close());

const send = (method: string, path: string, body?: unknown) =>
  call(app, method, path, { cookie: admin, body });

async function auditActions(entity: string): Promise<string[]> {
  const rows = await db.query<{ action: string }>(
    'SELECT action FROM audit_log WHERE entity = $1 ORDER BY id',
    [entity],
  );
  return rows.map((row) => row.action);
}

describe('categories', () => {
  test('reorder and rename at once; products move with the rename and the read order follows', async () => {
    const list = adminCategorySchema.array().parse((await send('GET', '/api/admin/categories')).json);
    expect(list).toEqual([
      { category: 'Coffee', displayOrder: 1, productCount: 2 },
      { category: 'Dairy', displayOrder: 2, productCount: 1 },
      { category: 'Supplies', displayOrder: 3, productCount: 1 },
    ]);
    const res = await send('PUT', '/api/admin/categories', {
      categories: [
        { category: 'Supplies' },
        { category: 'Coffee', rename: 'Coffee & Espresso' },
        { category: 'Dairy' },
      ],
    });
    expect(res.status).toBe(200);
    expect(
      adminCategorySchema
        .array()
        .parse(res.json)
        .map((c) => [c.category, c.displayOrder]),
    ).toEqual([
      ['Supplies', 1],
      ['Coffee & Espresso', 2],
      ['Dairy', 3],
    ]);
    expect((await call(app, 'GET', '/api/admin/category-order', { cookie: staff })).json).toEqual([
      { category: 'Supplies', displayOrder: 1 },
      { category: 'Coffee & Espresso', displayOrder: 2 },
      { category: 'Dairy', displayOrder: 3 },
    ]);
    const moved = await db.query<{ cafe_order_category: string }>(
      'SELECT cafe_order_category FROM products WHERE id = ANY($1::int[]) ORDER BY id',
      [[fx.products.beans, fx.products.retired]],
    );
    expect(moved.map((m) => m.cafe_order_category)).toEqual(['Coffee & Espresso', 'Coffee & Espresso']);
    expect(await auditActions('category')).toEqual(['category.reorder']);
  });

  test('an incomplete or contradictory list is a 400 naming every problem; nothing changes', async () => {
    const before = await db.query('SELECT * FROM categories ORDER BY name');
    const res = await send('PUT', '/api/admin/categories', {
      categories: [{ category: 'Dairy', rename: 'supplies' }, { category: 'Tea' }],
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: 'validation_failed',
      message: "Unknown category 'Tea' (and 1 more)",
      details: {
        problems: [
          "Unknown category 'Tea'",
          'Every category must be listed; missing: Supplies, Coffee & Espresso',
        ],
      },
    });
    expect(await db.query('SELECT * FROM categories ORDER BY name')).toEqual(before);
  });
});

describe('roles → permissions', () => {
  test('lists roles with their keys; admin has every key and is not editable', async () => {
    const { roles, permissions } = adminRolesResponseSchema.parse(
      (await send('GET', '/api/admin/roles')).json,
    );
    expect(roles.map((r) => [r.key, r.editable])).toEqual([
      ['staff', true],
      ['cafe_manager', true],
      ['district_manager', true],
      ['admin', false],
    ]);
    // The header and the café's checklist name roles without asking the server: the same names as the table's.
    expect(roles.map((r) => [r.key, r.name])).toEqual(Object.entries(ROLE_NAMES));
    expect(roles.find((r) => r.key === 'admin')?.permissions).toEqual([...PERMISSION_KEYS]);
    expect(permissions.map((p) => p.key).sort()).toEqual([...PERMISSION_KEYS].sort());
  });

  test('a change shows in GET /api/permissions and takes effect on the next request', async () => {
    expect((await call(app, 'GET', '/api/admin/users', { cookie: staff })).status).toBe(403);
    const res = await send('PUT', '/api/admin/roles/staff/permissions', {
      permissions: ['admin_panel', 'count_inventory', 'nightly_counts', 'admin_panel'],
      basedOn: ['nightly_counts', 'count_inventory'],
    });
    expect(res.status).toBe(200);
    expect(adminRoleSchema.parse(res.json).permissions).toEqual([
      'admin_panel',
      'count_inventory',
      'nightly_counts',
    ]);
    const map = permissionsMapSchema.parse(
      (await call(app, 'GET', '/api/permissions', { cookie: staff })).json,
    );
    expect(map.staff).toEqual(['admin_panel', 'count_inventory', 'nightly_counts']);
    expect((await call(app, 'GET', '/api/admin/users', { cookie: staff })).status).toBe(200);
    // Holding admin_panel is not holding the admin role: the matrix itself stays the administrator's.
    const selfGrant = await call(app, 'PUT', '/api/admin/roles/staff/permissions', {
      cookie: staff,
      body: {
        permissions: [...PERMISSION_KEYS],
        basedOn: ['admin_panel', 'count_inventory', 'nightly_counts'],
      },
    });
    expect(selfGrant.status).toBe(403);

    const back = await send('PUT', '/api/admin/roles/staff/permissions', {
      permissions: ['count_inventory', 'nightly_counts'],
      basedOn: ['admin_panel', 'count_inventory', 'nightly_counts'],
    });
    expect(back.status).toBe(200);
    expect((await call(app, 'GET', '/api/admin/users', { cookie: staff })).status).toBe(403);

    const audits = await db.query<{ entity_id: string; before: unknown; after: unknown }>(
      `SELECT entity_id, before, after FROM audit_log WHERE entity = 'role' ORDER BY id`,
    );
    expect(audits).toEqual([
      {
        entity_id: 'staff',
        before: { permissions: ['count_inventory', 'nightly_counts'] },
        after: { permissions: ['admin_panel', 'count_inventory', 'nightly_counts'] },
      },
      {
        entity_id: 'staff',
        before: { permissions: ['admin_panel', 'count_inventory', 'nightly_counts'] },
        after: { permissions: ['count_inventory', 'nightly_counts'] },
      },
    ]);
  });

  test('admin is refused (409), unknown keys 400, unknown role 404; nothing changes', async () => {
    const before = await db.query('SELECT * FROM role_permissions ORDER BY role_key, permission_key');
    const adminRow = await send('PUT', '/api/admin/roles/admin/permissions', {
      permissions: [],
      basedOn: [...PERMISSION_KEYS],
    });
    expect(adminRow.status).toBe(409);
    expect(adminRow.json).toEqual({ code: 'conflict', message: ADMIN_ROW_MESSAGE });
    const unknownKey = await send('PUT', '/api/admin/roles/staff/permissions', {
      permissions: ['count_inventory', 'fly'],
      basedOn: ['count_inventory', 'nightly_counts'],
    });
    expect(unknownKey.status).toBe(400);
    expect(unknownKey.json).toMatchObject({
      message: `Unknown permission 'fly'. Valid permissions: ${PERMISSION_KEYS.join(', ')}`,
    });
    expect(
      (await send('PUT', '/api/admin/roles/owner/permissions', { permissions: [], basedOn: [] })).status,
    ).toBe(404);
    const noBasis = await send('PUT', '/api/admin/roles/staff/permissions', { permissions: [] });
    expect(noBasis.status).toBe(400);
    expect(noBasis.json).toMatchObject({ message: expect.stringMatching(/^basedOn is required/) });
    expect(await db.query('SELECT * FROM role_permissions ORDER BY role_key, permission_key')).toEqual(
      before,
    );
  });

  const staffPermissions = async () =>
    (
      await db.query<{ key: string }>(
        `SELECT permission_key AS key FROM role_permissions WHERE role_key = 'staff' ORDER BY permission_key`,
      )
    ).map((row) => row.key);

  test('a save based on a list that changed since is a 409 saying what changed; the first save stays', async () => {
    const shown = await staffPermissions();
    expect(shown).toEqual(['count_inventory', 'nightly_counts']);
    const auditsBefore = (await auditActions('role')).length;
    try {
      // Two editors opened the matrix on the same list: one takes nightly counts away…
      const first = await send('PUT', '/api/admin/roles/staff/permissions', {
        permissions: ['count_inventory'],
        basedOn: shown,
      });
      expect(first.status).toBe(200);
      // …the other, still showing it, adds Set PARs.
      const second = await send('PUT', '/api/admin/roles/staff/permissions', {
        permissions: ['count_inventory', 'nightly_counts', 'set_pars'],
        basedOn: shown,
      });
      expect(second.status).toBe(409);
      expect(second.json).toEqual({
        code: 'role_permissions_changed',
        message:
          "Someone changed Staff's permissions since you opened them: “Do nightly counts” was taken away. Nothing was saved; reload to see them, then make your change again.",
        details: { permissions: ['count_inventory'] },
      });
      expect(await staffPermissions()).toEqual(['count_inventory']);
      expect((await auditActions('role')).length).toBe(auditsBefore + 1);

      // Reloaded, the same change is saved.
      const again = await send('PUT', '/api/admin/roles/staff/permissions', {
        permissions: ['count_inventory', 'set_pars'],
        basedOn: ['count_inventory'],
      });
      expect(again.status).toBe(200);
      expect(await staffPermissions()).toEqual(['count_inventory', 'set_pars']);
    } finally {
      await db.query(`DELETE FROM role_permissions WHERE role_key = 'staff'`);
      await db.query(
        `INSERT INTO role_permissions (role_key, permission_key) SELECT 'staff', unnest($1::text[])`,
        [shown],
      );
    }
  });

  test('saves sent at once on one list: one is applied, every other is a 409', async () => {
    const shown = await staffPermissions();
    const wanted = PERMISSION_KEYS.filter((key) => key !== 'admin_panel').map((key) => [...shown, key]);
    try {
      const answers = await Promise.all(
        wanted.map((permissions) =>
          send('PUT', '/api/admin/roles/staff/permissions', { permissions, basedOn: shown }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(wanted.length - 1);
      const applied = wanted[statuses.indexOf(200)] ?? [];
      expect(await staffPermissions()).toEqual([...new Set(applied)].sort());
      for (const answer of answers.filter((a) => a.status === 409)) {
        expect(answer.json).toMatchObject({ code: 'role_permissions_changed' });
      }
    } finally {
      await db.query(`DELETE FROM role_permissions WHERE role_key = 'staff'`);
      await db.query(
        `INSERT INTO role_permissions (role_key, permission_key) SELECT 'staff', unnest($1::text[])`,
        [shown],
      );
    }
  });
});

describe('PUT /api/admin/tab-display-order', () => {
  async function currentTabs(): Promise<TabDisplayEntry[]> {
    return tabDisplayEntrySchema.array().parse((await send('GET', '/api/admin/tab-display-order')).json);
  }

  test('saves order, visibility, parent, name and icon of every tab; keys and permissions stay', async () => {
    const tabs = await currentTabs();
    const orders = tabs.find((t) => t.tabKey === 'orders');
    const settings = tabs.find((t) => t.tabKey === 'admin_panel');
    if (!orders || !settings) throw new Error('reference tabs missing');
    const edited = tabs.map((tab) => {
      if (tab.id === orders.id) {
        return {
          ...tab,
          tabName: 'Order History',
          icon: 'history',
          isVisible: false,
          displayOrder: 1,
          permission: 'admin_panel',
        };
      }
      if (tab.id === settings.id)
        return { ...tab, icon: '<svg viewBox="0 0 24 24"><path d="M2 2h20v20H2z"/></svg>' };
      return tab;
    });
    const res = await send('PUT', '/api/admin/tab-display-order', { tabs: edited });
    expect(res.status).toBe(200);
    const saved = tabDisplayEntrySchema.array().parse(res.json);
    expect(saved[0]).toEqual({
      ...orders,
      tabName: 'Order History',
      icon: 'history',
      isVisible: false,
      displayOrder: 1,
    });
    expect((await currentTabs()).find((t) => t.id === settings.id)?.icon).toContain('<svg');
    expect(await auditActions('tab_display_order')).toEqual(['tabs.update']);
  });

  test('refuses unsafe icons, missing tabs and a tree two levels deep; nothing changes', async () => {
    const tabs = await currentTabs();
    const [first, second] = tabs;
    if (!first || !second) throw new Error('reference tabs missing');
    const put = (edited: unknown[]) => send('PUT', '/api/admin/tab-display-order', { tabs: edited });

    const script = await put(
      tabs.map((t) => (t.id === first.id ? { ...t, icon: '<svg onload="alert(1)"></svg>' } : t)),
    );
    expect(script.status).toBe(400);
    expect(script.json).toMatchObject({ message: 'An SVG icon must not contain an on… event attribute' });
    const js = await put(
      tabs.map((t) => (t.id === first.id ? { ...t, icon: '<svg><a href="javascript:alert(1)"/></svg>' } : t)),
    );
    expect(js.json).toMatchObject({ message: 'An SVG icon must not contain a javascript: link' });
    const words = await put(tabs.map((t) => (t.id === first.id ? { ...t, icon: 'not an icon at all' } : t)));
    expect(words.status).toBe(400);

    const missing = await put(tabs.slice(1));
    expect(missing.json).toMatchObject({ message: `Every tab must be sent; missing ids: ${first.id}` });
    const settings = tabs.find((t) => t.tabKey === 'admin_panel');
    const users = tabs.find((t) => t.tabKey === 'users');
    if (!settings || !users) throw new Error('reference tabs missing');
    const deep = await put(tabs.map((t) => (t.id === settings.id ? { ...t, parentId: first.id } : t)));
    expect(deep.json).toMatchObject({
      message: `Tab ${users.id} cannot sit under tab ${settings.id}, which is itself inside another tab (and 6 more)`,
    });
    expect(await currentTabs()).toEqual(tabs);
  });
});

describe('two administrators saving the tabs or the styles', () => {
  const tabsNow = async () =>
    tabDisplayEntrySchema.array().parse((await send('GET', '/api/admin/tab-display-order')).json);
  const stylesNow = async () =>
    uiSettingsResponseSchema.parse((await send('GET', '/api/admin/ui-settings')).json).styles;

  test("the second save of the tabs is refused, naming the first's change, which stays", async () => {
    const opened = await tabsNow();
    const orders = opened.find((t) => t.tabKey === 'orders');
    const users = opened.find((t) => t.tabKey === 'users');
    if (!orders || !users) throw new Error('reference tabs missing');
    const toggle = (tabs: TabDisplayEntry[], id: number) =>
      tabs.map((t) => (t.id === id ? { ...t, isVisible: !t.isVisible } : t));
    const first = await send('PUT', '/api/admin/tab-display-order', {
      tabs: toggle(opened, orders.id),
      basedOn: opened,
    });
    expect(first.status).toBe(200);
    const afterFirst = await tabsNow();
    const audits = await auditActions('tab_display_order');

    const second = await send('PUT', '/api/admin/tab-display-order', {
      tabs: toggle(opened, users.id),
      basedOn: opened,
    });
    expect(second.status).toBe(409);
    expect(second.json).toEqual({
      code: 'conflict',
      message: `Someone else changed the tabs after you opened them: ${orders.tabName}. Nothing was saved; their change is shown now, so make yours again.`,
    });
    expect(await tabsNow()).toEqual(afterFirst);
    expect(await auditActions('tab_display_order')).toEqual(audits);
    // Made on the tabs as they are now, it is saved.
    const again = await send('PUT', '/api/admin/tab-display-order', {
      tabs: toggle(afterFirst, users.id),
      basedOn: afterFirst,
    });
    expect(again.status).toBe(200);
    await send('PUT', '/api/admin/tab-display-order', { tabs: opened });
  });

  test("the second save of the styles is refused, naming the first's change, which stays", async () => {
    const opened = await stylesNow();
    const first = await send('PUT', '/api/admin/ui-settings', {
      styles: { ...opened, buttons: { ...opened.buttons, primaryBackground: '#1d4ed8' } },
      basedOn: opened,
    });
    expect(first.status).toBe(200);
    const second = await send('PUT', '/api/admin/ui-settings', {
      styles: { ...opened, borders: { ...opened.borders, radius: '16px' } },
      basedOn: opened,
    });
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({
      message:
        'Someone else changed the styles after you opened them: Primary background. Nothing was saved; their change is shown now, so make yours again.',
    });
    expect((await stylesNow()).buttons.primaryBackground).toBe('#1d4ed8');
    expect((await stylesNow()).borders.radius).toBe(opened.borders.radius);
    // A malformed opened copy is the sender's mistake.
    expect((await send('PUT', '/api/admin/ui-settings', { styles: opened, basedOn: 'then' })).status).toBe(
      400,
    );
    await send('PUT', '/api/admin/ui-settings', { styles: opened });
  });
});

describe('PUT /api/admin/ui-settings', () => {
  const withPrimary = (value: string) => ({
    styles: { ...DEFAULT_UI_STYLES, buttons: { ...DEFAULT_UI_STYLES.buttons, primaryBackground: value } },
  });

  test('saves the styles every user then reads', async () => {
    const res = await send('PUT', '/api/admin/ui-settings', withPrimary('#0f766e'));
    expect(res.status).toBe(200);
    expect(uiSettingsResponseSchema.parse(res.json).styles.buttons.primaryBackground).toBe('#0f766e');
    const read = uiSettingsResponseSchema.parse(
      (await call(app, 'GET', '/api/admin/ui-settings', { cookie: staff })).json,
    );
    expect(read.styles.buttons.primaryBackground).toBe('#0f766e');
    const [audit] = await db.query<{ entity_id: string; before: { buttons: { primaryBackground: string } } }>(
      `SELECT entity_id, before FROM audit_log WHERE entity = 'setting'`,
    );
    expect(audit?.entity_id).toBe('ui_styles');
    expect(audit?.before.buttons.primaryBackground).toBe('#2563eb');
  });

  test('values that could inject CSS are refused and nothing is stored', async () => {
    const before = await db.query(`SELECT value FROM settings WHERE key = 'ui_styles'`);
    for (const value of [
      'red; background: url(https://evil.example)',
      'red}body{display:none',
      'url(x)',
      'expression(alert(1))',
    ]) {
      const res = await send('PUT', '/api/admin/ui-settings', withPrimary(value));
      expect(res.status).toBe(400);
      expect((res.json as { message: string }).message).toStartWith('Primary background ');
    }
    expect(
      (await send('PUT', '/api/admin/ui-settings', { styles: { borders: DEFAULT_UI_STYLES.borders } }))
        .status,
    ).toBe(400);
    expect(await db.query(`SELECT value FROM settings WHERE key = 'ui_styles'`)).toEqual(before);
  });

  test('values that would break the app are refused naming the field: no colour, unreadable, oversized', async () => {
    const before = await db.query(`SELECT value FROM settings WHERE key = 'ui_styles'`);
    const put = (patch: Record<string, Record<string, string>>) => {
      const styles = structuredClone(DEFAULT_UI_STYLES) as unknown as Record<string, Record<string, string>>;
      for (const [section, values] of Object.entries(patch)) Object.assign(styles[section] ?? {}, values);
      return send('PUT', '/api/admin/ui-settings', { styles });
    };
    const refused = async (patch: Record<string, Record<string, string>>, message: string, path: string) => {
      const res = await put(patch);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 'validation_failed', message });
      expect((res.json as { details: { path: string }[] }).details[0]?.path).toBe(path);
    };
    await refused(
      { buttons: { primaryBackground: 'notacolor' } },
      'Primary background must be a colour: a hex code such as #2563eb, rgb(), rgba(), hsl(), hsla() or a CSS colour name such as navy',
      'styles.buttons.primaryBackground',
    );
    // A name every JavaScript object has is no colour either (it once reached a 500).
    await refused(
      { buttons: { primaryBackground: 'constructor' } },
      'Primary background must be a colour: a hex code such as #2563eb, rgb(), rgba(), hsl(), hsla() or a CSS colour name such as navy',
      'styles.buttons.primaryBackground',
    );
    // A choice is one of the words the app maps to CSS; a name every object has is none of them.
    await refused(
      { buttons: { size: 'gigantic' } },
      'Button size must be one of sm, md, lg, xl',
      'styles.buttons.size',
    );
    await refused(
      { buttons: { hoverEffect: 'hasOwnProperty' } },
      'Hover effect must be one of none, darken, lighten, scale, grow',
      'styles.buttons.hoverEffect',
    );
    await refused(
      { typography: { fontWeightBold: '650' } },
      `Heading weight must be one of light, normal, medium, semibold, bold, 100, 200, 300, 400, 500, 600, 700, 800, 900`,
      'styles.typography.fontWeightBold',
    );
    await refused(
      { borders: { radius: 'toString' } },
      'Corner radius must be from 0 to 48 px (in px, rem or em) or one of none, xs, sm, md, lg, xl, 2xl, 3xl, full',
      'styles.borders.radius',
    );
    await refused(
      { buttons: { primaryBackground: '#1d4ed8', primaryTextColor: '#1d4ed8' } },
      'Primary text on Primary background has a contrast of 1.00:1; button labels need at least 4.5:1',
      'styles.buttons.primaryTextColor',
    );
    const spacing = 'must be from 0 to 48 px: a step of the 4 px scale (0 to 12) or a size in px, rem or em';
    await refused({ spacing: { padding: '200px' } }, `Padding ${spacing}`, 'styles.spacing.padding');
    await refused({ spacing: { gap: '60vw' } }, `Gap ${spacing}`, 'styles.spacing.gap');
    await refused({ spacing: { margin: '100px' } }, `Margin ${spacing}`, 'styles.spacing.margin');
    await refused({ boxes: { padding: '150px' } }, `Box padding ${spacing}`, 'styles.boxes.padding');
    await refused(
      { typography: { fontSizeBase: '40px' } },
      'Base font size must be from 12 to 24 px: a number of pixels, a size in px, rem or em, or one of xs, sm, base, md, lg, xl, 2xl',
      'styles.typography.fontSizeBase',
    );
    await refused(
      { borders: { width: '30px' } },
      'Border width must be from 0 to 8 px: a number of pixels or a size in px, rem or em',
      'styles.borders.width',
    );
    expect(await db.query(`SELECT value FROM settings WHERE key = 'ui_styles'`)).toEqual(before);

    const fine = await put({
      buttons: { primaryBackground: 'darkgreen', primaryTextColor: 'rgb(255 255 255)' },
      typography: { fontSizeBase: '24px' },
      spacing: { padding: '12', gap: '3rem' },
    });
    expect(fine.status).toBe(200);
    await send('PUT', '/api/admin/ui-settings', { styles: DEFAULT_UI_STYLES });
  });
});
