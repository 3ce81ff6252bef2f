import { describe, expect, test } from 'bun:test';
import {
  canRunOperation,
  isValidLocation,
  locationRequiredMessage,
  OPERATION_KEYS,
  operationName,
  operationNeedsLocation,
  operationPermission,
  parseOperationKey,
  soleLocationToChoose,
} from './operations.ts';
import { resolvePermissions } from './permissions.ts';

describe('operations', () => {
  test('the main screen offers exactly the four operations, in header order', () => {
    expect(OPERATION_KEYS).toEqual(['set_pars', 'count_inventory', 'nightly_counts', 'shopping_list']);
  });

  test.each([
    ['set_pars', 'Set PARs', 'set_pars'],
    ['count_inventory', 'Count Inventory', 'count_inventory'],
    ['nightly_counts', 'Nightly Counts', 'nightly_counts'],
    ['shopping_list', 'Shopping List', 'submit_orders'],
  ] as const)('%s is shown as "%s" and needs %s', (key, name, permission) => {
    expect(operationName(key)).toBe(name);
    expect(operationPermission(key)).toBe(permission);
  });

  test.each(OPERATION_KEYS)('%s needs a location', (key) => {
    expect(operationNeedsLocation(key)).toBe(true);
  });

  test('staff can count but not build a shopping list', () => {
    const staff = resolvePermissions('staff', { staff: ['count_inventory', 'nightly_counts'] });
    expect(canRunOperation('count_inventory', staff)).toBe(true);
    expect(canRunOperation('nightly_counts', staff)).toBe(true);
    expect(canRunOperation('shopping_list', staff)).toBe(false);
    expect(canRunOperation('set_pars', staff)).toBe(false);
  });
});

describe('parseOperationKey', () => {
  test('reads a stored operation', () => {
    expect(parseOperationKey('nightly_counts')).toBe('nightly_counts');
  });

  test.each([null, undefined, '', 'Nightly Counts', 'view_cart', 42])(
    'anything else is no operation (%p)',
    (value) => {
      expect(parseOperationKey(value)).toBeNull();
    },
  );
});

describe('locationRequiredMessage', () => {
  test('names the action the user tried to continue with', () => {
    expect(locationRequiredMessage('Count Inventory')).toBe(
      'Location Required: Please select a location from the dropdown in the header to continue with Count Inventory.',
    );
  });
});

describe('isValidLocation', () => {
  const mine = [
    { id: 3, name: 'Harbour St', code: 'HAR' },
    { id: 12, name: 'Mill Lane', code: 'MIL' },
  ];

  test('a location in the user list is valid, as a number or as stored text', () => {
    expect(isValidLocation(3, mine)).toBe(true);
    expect(isValidLocation('3', mine)).toBe(true);
    expect(isValidLocation('12', mine)).toBe(true);
  });

  test('a location outside the user list is not valid', () => {
    expect(isValidLocation(4, mine)).toBe(false);
    expect(isValidLocation('4', mine)).toBe(false);
  });

  test('nothing is valid for a user with no locations', () => {
    expect(isValidLocation(3, [])).toBe(false);
  });

  test.each([null, undefined, '', 'null', 'undefined', '3.0', '1e1', '0x3', 0, -3])(
    'an unset or malformed stored value is not valid (%p)',
    (value) => {
      expect(isValidLocation(value, [...mine, { id: 10, name: 'Ten', code: 'TEN' }])).toBe(false);
    },
  );
});

describe('soleLocationToChoose', () => {
  const harbour = { id: 3, name: 'Harbour St', code: 'HAR' };
  const mill = { id: 12, name: 'Mill Lane', code: 'MIL' };

  test.each([null, undefined, '', '42', 'abc'])(
    'the one café of someone with no valid choice stored is chosen (%p stored)',
    (stored) => {
      expect(soleLocationToChoose(stored, [harbour])).toBe(harbour);
    },
  );

  test('a valid choice stays as it is', () => {
    expect(soleLocationToChoose('3', [harbour])).toBeNull();
  });

  test('with several cafés or none, nothing is chosen for the person', () => {
    expect(soleLocationToChoose(null, [harbour, mill])).toBeNull();
    expect(soleLocationToChoose('42', [harbour, mill])).toBeNull();
    expect(soleLocationToChoose(null, [])).toBeNull();
  });
});
