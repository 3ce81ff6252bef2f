import { describe, expect, test } from 'bun:test';
import {
  applyCountEdit,
  isNewerEdit,
  latestEditPerProduct,
  type StoredCountItem,
  type TypedCountEdit,
} from './count-item-edit.ts';

const at = (minute: number) => `2025-03-01T14:${String(minute).padStart(2, '0')}:00.000Z`;
const stored = (overrides: Partial<StoredCountItem> = {}): StoredCountItem => ({
  count: 4,
  confirmed: false,
  editedAfterConfirm: false,
  typedAt: at(10),
  ...overrides,
});
const edit = (overrides: Partial<TypedCountEdit> = {}): TypedCountEdit => ({
  productId: 1,
  count: 4,
  confirmed: false,
  typedAt: at(20),
  ...overrides,
});

describe('isNewerEdit', () => {
  test('a later typed edit wins, an earlier one is superseded, an equal one is a replay', () => {
    expect(isNewerEdit(at(11), at(10))).toBe(true);
    expect(isNewerEdit(at(9), at(10))).toBe(false);
    expect(isNewerEdit(at(10), at(10))).toBe(false);
  });

  test('times compare as instants, whatever offset the device wrote', () => {
    expect(isNewerEdit('2025-03-01T09:11:00-05:00', at(10))).toBe(true);
    expect(isNewerEdit('2025-03-01T15:09:00+01:00', at(10))).toBe(false);
  });

  test('any typed edit beats a stored value of unknown time', () => {
    expect(isNewerEdit(at(0), null)).toBe(true);
  });

  test('an edit typed before the last clear is superseded, even with nothing stored', () => {
    expect(isNewerEdit(at(14), null, at(15))).toBe(false);
    expect(isNewerEdit(at(15), null, at(15))).toBe(false);
    expect(isNewerEdit(at(16), null, at(15))).toBe(true);
  });
});

describe('applyCountEdit', () => {
  test('a first edit is stored as typed', () => {
    expect(applyCountEdit(null, edit({ count: 3 }))).toEqual({
      count: 3,
      confirmed: false,
      editedAfterConfirm: false,
    });
    expect(applyCountEdit(null, edit({ confirmed: true }))).toEqual({
      count: 4,
      confirmed: true,
      editedAfterConfirm: false,
    });
  });

  test('changing a confirmed count without confirming again marks it edited after confirmation', () => {
    expect(applyCountEdit(stored({ confirmed: true }), edit({ count: 5 }))).toEqual({
      count: 5,
      confirmed: true,
      editedAfterConfirm: true,
    });
  });

  test('changing it and confirming in the same edit is a re-confirmation', () => {
    expect(applyCountEdit(stored({ confirmed: true }), edit({ count: 5, confirmed: true }))).toEqual({
      count: 5,
      confirmed: true,
      editedAfterConfirm: false,
    });
  });

  test('confirming clears the mark', () => {
    const edited = stored({ count: 5, confirmed: true, editedAfterConfirm: true });
    expect(applyCountEdit(edited, edit({ count: 5, confirmed: true }))).toMatchObject({
      editedAfterConfirm: false,
    });
  });

  test('resending an edited item unconfirmed keeps the mark: only confirming clears it', () => {
    const edited = stored({ count: 5, confirmed: true, editedAfterConfirm: true });
    expect(applyCountEdit(edited, edit({ count: 5 }))).toEqual({
      count: 5,
      confirmed: true,
      editedAfterConfirm: true,
    });
  });

  test('unchecking a confirmed item with the same count unconfirms it', () => {
    expect(applyCountEdit(stored({ confirmed: true }), edit({ count: 4 }))).toEqual({
      count: 4,
      confirmed: false,
      editedAfterConfirm: false,
    });
  });

  test('clearing the count of a confirmed item is an edit after confirmation too', () => {
    expect(applyCountEdit(stored({ confirmed: true }), edit({ count: null }))).toMatchObject({
      confirmed: true,
      editedAfterConfirm: true,
    });
  });

  test('changing an unconfirmed count is a plain edit', () => {
    expect(applyCountEdit(stored(), edit({ count: 9 }))).toEqual({
      count: 9,
      confirmed: false,
      editedAfterConfirm: false,
    });
  });
});

describe('latestEditPerProduct', () => {
  test('keeps the latest typed edit of each product', () => {
    const edits = [
      edit({ productId: 1, count: 1, typedAt: at(12) }),
      edit({ productId: 2, count: 7, typedAt: at(5) }),
      edit({ productId: 1, count: 2, typedAt: at(11) }),
      edit({ productId: 1, count: 3, typedAt: at(13) }),
    ];
    expect(latestEditPerProduct(edits)).toEqual([edits[3], edits[1]] as TypedCountEdit[]);
  });

  test('of two edits typed at the same moment the later sent wins', () => {
    const first = edit({ count: 1 });
    const second = edit({ count: 2 });
    expect(latestEditPerProduct([first, second])).toEqual([second]);
  });
});
