import { describe, expect, test } from 'bun:test';
import { type CountItemState, checkCountCompletion } from './count-completion-guard.ts';

const counted = (count: number): CountItemState => ({ count, confirmed: true, editedAfterConfirm: false });
const editedAfterConfirm = (count: number): CountItemState => ({
  count,
  confirmed: true,
  editedAfterConfirm: true,
});

describe('checkCountCompletion', () => {
  test.each([null, undefined, 0])('refuses with no location (%p)', (locationId) => {
    const check = checkCountCompletion({ locationId, items: [counted(1)] });
    expect(check).toMatchObject({ ok: false, reason: 'no_location', title: 'Location Required' });
  });

  test('no location wins over every other reason', () => {
    const check = checkCountCompletion({ locationId: null, items: [editedAfterConfirm(1)], inFlight: true });
    expect(check).toMatchObject({ ok: false, reason: 'no_location' });
  });

  test('refuses a second completion while one is in flight', () => {
    const check = checkCountCompletion({ locationId: 3, items: [counted(1)], inFlight: true });
    expect(check).toMatchObject({ ok: false, reason: 'in_flight' });
  });

  test('re-confirmation counts only items both confirmed and edited afterwards', () => {
    const check = checkCountCompletion({
      locationId: 3,
      items: [
        editedAfterConfirm(1),
        editedAfterConfirm(2),
        // Edited but no longer confirmed: the user must confirm it anyway, it is not "edited after confirmation".
        { count: 4, confirmed: false, editedAfterConfirm: true },
        counted(5),
        { count: null, confirmed: false, editedAfterConfirm: false },
      ],
    });
    expect(check).toMatchObject({
      ok: false,
      reason: 'reconfirmation_required',
      title: 'Re-confirmation Required',
      editedAfterConfirmation: 2,
    });
  });

  test('the re-confirmation message states one item in the singular', () => {
    const check = checkCountCompletion({ locationId: 3, items: [editedAfterConfirm(1), counted(2)] });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.message).toBe(
      '1 item was edited after confirmation and must be re-confirmed before completing the count.',
    );
  });

  test('the re-confirmation message states several items in the plural', () => {
    const items = [editedAfterConfirm(1), editedAfterConfirm(2), editedAfterConfirm(3)];
    const check = checkCountCompletion({ locationId: 3, items });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.message).toBe(
      '3 items were edited after confirmation and must be re-confirmed before completing the count.',
    );
  });

  test('items given their names are named, the first three and how many more', () => {
    const named = (id: number, name: string) => ({ ...editedAfterConfirm(id), name });
    const one = checkCountCompletion({ locationId: 3, items: [named(1, 'Oat Milk (Dairy)'), counted(2)] });
    expect(one.ok ? '' : one.message).toBe(
      '1 item was edited after confirmation and must be re-confirmed before completing the count: Oat Milk (Dairy).',
    );
    const five = ['A', 'B', 'C', 'D', 'E'].map((name, index) => named(index, name));
    const many = checkCountCompletion({ locationId: 3, items: five });
    expect(many.ok ? '' : many.message).toBe(
      '5 items were edited after confirmation and must be re-confirmed before completing the count: A, B, C and 2 more.',
    );
    // One without a name: the number alone, as before.
    const some = checkCountCompletion({ locationId: 3, items: [named(1, 'A'), editedAfterConfirm(2)] });
    expect(some.ok ? '' : some.message).toBe(
      '2 items were edited after confirmation and must be re-confirmed before completing the count.',
    );
  });

  test('refuses a count with nothing counted', () => {
    const check = checkCountCompletion({
      locationId: 3,
      items: [{ count: null, confirmed: false, editedAfterConfirm: false }],
    });
    expect(check).toMatchObject({ ok: false, reason: 'nothing_counted' });
    expect(checkCountCompletion({ locationId: 3, items: [] })).toMatchObject({ reason: 'nothing_counted' });
  });

  test('a count of zero is counted', () => {
    expect(checkCountCompletion({ locationId: 3, items: [counted(0)] })).toEqual({
      ok: true,
      itemsCounted: 1,
    });
  });

  test('completes with the number of items that have a count', () => {
    const check = checkCountCompletion({
      locationId: 3,
      items: [
        counted(1),
        counted(2.25),
        { count: 7, confirmed: false, editedAfterConfirm: false },
        { count: null, confirmed: false, editedAfterConfirm: false },
      ],
      inFlight: false,
    });
    expect(check).toEqual({ ok: true, itemsCounted: 3 });
  });
});
