import { describe, expect, test } from 'bun:test';
import type { OutboxEntry } from '@web/lib/autosave/outbox-state.ts';
import {
  type CountValue,
  confirmOnEnter,
  countEditFor,
  countItemView,
  isCountValue,
} from './count-item-view.ts';

const stored = { count: 5, confirmed: true, editedAfterConfirm: false, typedAt: '2025-03-10T15:00:00.000Z' };
const waiting = (value: CountValue, refused?: string): OutboxEntry<CountValue> => ({
  itemId: 12,
  value,
  typedAt: '2025-03-10T15:05:00.000Z',
  rev: 1,
  ...(refused ? { refused } : {}),
});

describe('a count row', () => {
  test('shows the stored item when nothing waits', () => {
    expect(countItemView(stored, undefined)).toEqual({
      count: 5,
      confirmed: true,
      editedAfterConfirm: false,
      unsaved: false,
      refused: null,
    });
  });

  test('a changed count of a confirmed item shows as edited after confirmation before it is saved', () => {
    const typed = countEditFor(countItemView(stored, undefined), { count: 6 });
    expect(typed).toEqual({ count: 6, confirmed: false });
    expect(countItemView(stored, waiting(typed))).toEqual({
      count: 6,
      confirmed: true,
      editedAfterConfirm: true,
      unsaved: true,
      refused: null,
    });
  });

  test('ticking the box confirms the count on screen; a refusal stays visible', () => {
    const view = countItemView({ ...stored, confirmed: false }, waiting({ count: 7, confirmed: false }));
    expect(countEditFor(view, { confirm: true })).toEqual({ count: 7, confirmed: true });
    expect(countItemView(stored, waiting({ count: 7, confirmed: true }, 'No.')).refused).toBe('No.');
  });

  test('stored values are checked before use', () => {
    expect(isCountValue({ count: 2, confirmed: false })).toBe(true);
    expect(isCountValue({ count: null, confirmed: true })).toBe(true);
    expect(isCountValue({ count: '2', confirmed: false })).toBe(false);
    expect(isCountValue(null)).toBe(false);
  });
});

describe('confirmOnEnter', () => {
  const open = { count: null, confirmed: false, editedAfterConfirm: false };
  test('a typed number is confirmed', () => {
    expect(confirmOnEnter(open, 4)).toEqual({ count: 4, confirmed: true });
  });
  test('an empty field sends nothing', () => {
    expect(confirmOnEnter(open, null)).toBeNull();
  });
  test('a number confirmed as it stands sends nothing', () => {
    expect(confirmOnEnter({ count: 4, confirmed: true, editedAfterConfirm: false }, 4)).toBeNull();
  });
  test('an edited confirmed number is confirmed again', () => {
    expect(confirmOnEnter({ count: 4, confirmed: true, editedAfterConfirm: true }, 5)).toEqual({
      count: 5,
      confirmed: true,
    });
  });
});
