import { describe, expect, test } from 'bun:test';
import type { AdminRole } from '@engine/admin-role-schemas.ts';
import { changesOf, toggledEdits } from './role-edits.ts';

const role = (key: AdminRole['key'], permissions: AdminRole['permissions']): AdminRole => ({
  key,
  name: key,
  description: '',
  permissions,
  editable: key !== 'admin',
});

describe('the roles matrix edits', () => {
  test('a role ticked keeps the list it started from, through a reload that brings another change', () => {
    const staff = role('staff', ['count_inventory', 'nightly_counts']);
    const edits = toggledEdits({}, staff, 'set_pars', true);
    // Another admin took nightly counts away meanwhile; the table reloads.
    const reloaded = [role('staff', ['count_inventory']), role('cafe_manager', ['count_inventory'])];
    expect(changesOf(reloaded, edits)).toEqual([
      {
        role: 'staff',
        permissions: ['count_inventory', 'nightly_counts', 'set_pars'],
        basedOn: ['count_inventory', 'nightly_counts'],
      },
    ]);
  });

  test('a box ticked and unticked again is no change; the admin role is never sent', () => {
    const staff = role('staff', ['count_inventory']);
    const back = toggledEdits(toggledEdits({}, staff, 'set_pars', true), staff, 'set_pars', false);
    expect(changesOf([staff], back)).toEqual([]);
    const admin = role('admin', ['admin_panel']);
    expect(changesOf([admin], toggledEdits({}, admin, 'set_pars', true))).toEqual([]);
  });
});
