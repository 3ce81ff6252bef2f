import { describe, expect, test } from 'bun:test';
import { isParEdit, mergeParEdits } from './par-edit.ts';

describe('a Set PARs edit', () => {
  test('keeps every field touched while it waits', () => {
    expect(mergeParEdits({ par: 6 }, { lifecycle: 'new' })).toEqual({ par: 6, lifecycle: 'new' });
    expect(mergeParEdits({ par: 6, stockStatus: 'low' }, { par: 8 })).toEqual({ par: 8, stockStatus: 'low' });
  });

  test('stored edits are checked before they are sent', () => {
    expect(isParEdit({ par: 2.5 })).toBe(true);
    expect(isParEdit({ lifecycle: 'phasing_out', stockStatus: 'out' })).toBe(true);
    expect(isParEdit({})).toBe(false);
    expect(isParEdit({ lifecycle: 'retired' })).toBe(false);
    expect(isParEdit({ par: '3' })).toBe(false);
    expect(isParEdit({ par: 3, colour: 'red' })).toBe(false);
  });
});
