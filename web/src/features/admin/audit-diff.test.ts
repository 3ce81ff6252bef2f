import { describe, expect, test } from 'bun:test';
import { auditDiff, describeAction } from './audit-diff.ts';

describe('auditDiff', () => {
  test('shows only the fields that changed', () => {
    expect(auditDiff({ role: 'staff', active: true }, { role: 'cafe_manager', active: true })).toEqual([
      { path: 'role', kind: 'changed', before: 'staff', after: 'cafe_manager' },
    ]);
  });

  test('a creation lists every field as added; a removal as removed', () => {
    expect(auditDiff(null, { title: 'Clean', weekday: null })).toEqual([
      { path: 'title', kind: 'added', before: null, after: 'Clean' },
      { path: 'weekday', kind: 'added', before: null, after: '—' },
    ]);
    expect(auditDiff({ note: 'x' }, {})).toEqual([
      { path: 'note', kind: 'removed', before: 'x', after: null },
    ]);
  });

  test('a list of plain values reads as one line', () => {
    expect(
      auditDiff({ permissions: ['count_inventory'] }, { permissions: ['count_inventory', 'view_orders'] }),
    ).toEqual([
      {
        path: 'permissions',
        kind: 'changed',
        before: 'count_inventory',
        after: 'count_inventory, view_orders',
      },
    ]);
  });

  test('lists of records are matched by their name, so a reorder reads as moved positions', () => {
    const before = {
      categories: [
        { category: 'Bakery', displayOrder: 1 },
        { category: 'Tea', displayOrder: 2 },
      ],
    };
    const after = {
      categories: [
        { category: 'Tea', displayOrder: 1 },
        { category: 'Bakery', displayOrder: 2 },
      ],
    };
    expect(auditDiff(before, after)).toEqual([
      { path: 'categories[Bakery].displayOrder', kind: 'changed', before: '1', after: '2' },
      { path: 'categories[Tea].displayOrder', kind: 'changed', before: '2', after: '1' },
    ]);
  });

  test('tabs are told apart by their key, not their number, and the edit stamp is no change', () => {
    const before = {
      tabs: [
        { id: 11, tabKey: 'navigator', isVisible: true },
        { id: 12, tabKey: 'par_lock', isVisible: true },
      ],
      updatedAt: '2026-12-07T14:21:36.108Z',
    };
    const after = {
      tabs: [
        { id: 11, tabKey: 'navigator', isVisible: false },
        { id: 12, tabKey: 'par_lock', isVisible: true },
      ],
      updatedAt: '2026-12-07T14:29:24.000Z',
    };
    expect(auditDiff(before, after)).toEqual([
      { path: 'tabs[navigator].isVisible', kind: 'changed', before: 'true', after: 'false' },
    ]);
  });

  test('nested objects become dotted paths', () => {
    expect(auditDiff({ buttons: { size: 'md' } }, { buttons: { size: 'lg' } })).toEqual([
      { path: 'buttons.size', kind: 'changed', before: 'md', after: 'lg' },
    ]);
  });

  test('an empty map the other side fills reads only as its lines; emptied, it reads as each line removed', () => {
    expect(auditDiff({ quantities: {} }, { quantities: { 63: 2 } })).toEqual([
      { path: 'quantities.63', kind: 'added', before: null, after: '2' },
    ]);
    expect(auditDiff({ quantities: { 63: 2 } }, { quantities: {} })).toEqual([
      { path: 'quantities.63', kind: 'removed', before: '2', after: null },
    ]);
    // An empty map that stays empty, or becomes one with nothing else said, still shows.
    expect(auditDiff({ note: 'x' }, { quantities: {} })).toEqual([
      { path: 'note', kind: 'removed', before: 'x', after: null },
      { path: 'quantities', kind: 'added', before: null, after: '{}' },
    ]);
  });

  test('nothing changed gives no lines', () => {
    expect(auditDiff({ a: 1 }, { a: 1 })).toEqual([]);
    expect(auditDiff(undefined, null)).toEqual([]);
  });
});

test('describeAction turns an action code into words', () => {
  expect(describeAction('user.reset_password')).toBe('User reset password');
  expect(describeAction('par.update')).toBe('Par update');
});
