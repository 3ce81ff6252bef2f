import { describe, expect, test } from 'bun:test';
import { changedFields } from './changed-fields.ts';

describe('changedFields', () => {
  test('keeps only the values that differ from the record', () => {
    expect(changedFields({ name: 'Bakery', code: 'NS-04' }, { name: 'Bakery', code: 'NS-03' })).toEqual({
      code: 'NS-04',
    });
  });

  test('is empty when nothing changed', () => {
    expect(changedFields({ name: 'Bakery', active: true }, { name: 'Bakery', active: true })).toEqual({});
  });

  test('counts a value turned null, or a field the record lacks, as a change', () => {
    expect(changedFields({ weekday: null, role: 'staff' }, { weekday: 2 })).toEqual({
      weekday: null,
      role: 'staff',
    });
  });

  test('ignores fields of the record that the form does not have', () => {
    const record = { id: 7, name: 'Bakery' };
    expect(changedFields({ name: 'Bakery' }, record)).toEqual({});
  });
});
