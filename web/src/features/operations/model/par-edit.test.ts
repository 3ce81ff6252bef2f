import { describe, expect, test } from 'bun:test';
import { isParEdit, mergeParEdits, parsKeptElsewhere } from './par-edit.ts';

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

describe('PARs kept elsewhere', () => {
  const stored = (productId: number, par: number, by: string | null = 'Ada Admin') => ({
    productId,
    productName: `Product ${productId}`,
    par,
    updatedBy: by ? { name: by } : null,
  });

  test('a PAR answered with another value was set later elsewhere; the rest were kept as typed', () => {
    const sent = [
      { itemId: 1, value: { par: 9 } },
      { itemId: 2, value: { par: 4 } },
      { itemId: 3, value: { lifecycle: 'new' as const } },
    ];
    expect(parsKeptElsewhere(sent, [stored(1, 20), stored(2, 4), stored(3, 0, null)])).toEqual([
      { productName: 'Product 1', typed: 9, kept: 20, by: 'Ada Admin' },
    ]);
  });

  test('a product missing from the answer is not reported', () => {
    expect(parsKeptElsewhere([{ itemId: 5, value: { par: 1 } }], [])).toEqual([]);
  });
});
