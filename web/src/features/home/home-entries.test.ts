import { describe, expect, test } from 'bun:test';
import type { PermissionKey } from '@engine/permissions.ts';
import { entryDescription, HOME_ENTRIES } from './home-entries.ts';

const entry = (title: string) => {
  const found = HOME_ENTRIES.find((candidate) => candidate.title === title);
  if (!found) throw new Error(`no home entry ${title}`);
  return found;
};
const granting =
  (...granted: PermissionKey[]) =>
  (permission: PermissionKey) =>
    granted.includes(permission);

describe('entryDescription', () => {
  test('View Cart promises submitting only to a role that may submit orders', () => {
    expect(entryDescription(entry('View Cart'), granting('submit_orders'))).toBe(
      'Review the shopping list, add a note and submit the order.',
    );
    expect(entryDescription(entry('View Cart'), granting('count_inventory', 'nightly_counts'))).toBe(
      'See what is on the café’s shopping list; a manager submits it.',
    );
  });

  test('an entry with no limited reading says the same to everyone', () => {
    const countInventory = entry('Count Inventory');
    expect(entryDescription(countInventory, granting())).toBe(countInventory.description);
    expect(entryDescription(countInventory, granting('count_inventory'))).toBe(countInventory.description);
  });
});
