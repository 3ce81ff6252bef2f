import { describe, expect, test } from 'bun:test';
import {
  adoptEntries,
  clearRefusals,
  dismissRefusals,
  emptyOutbox,
  markRefused,
  type OutboxState,
  parseOutbox,
  pendingCount,
  recordEdit,
  settleSent,
  takeBatch,
} from './outbox-state.ts';

const isNumber = (value: unknown): value is number => typeof value === 'number';
const at = (second: number) => `2025-03-10T15:00:${String(second).padStart(2, '0')}.000Z`;

function typed(...edits: [itemId: number, value: number][]): OutboxState<number> {
  return edits.reduce(
    (state, [itemId, value], index) => recordEdit(state, { itemId, value, typedAt: at(index) }),
    emptyOutbox<number>(),
  );
}

describe('outbox state', () => {
  test('keeps one entry per item: the last typed value, moved to the end of the replay order', () => {
    const state = typed([1, 4], [2, 7], [1, 5]);
    expect(state.entries.map((entry) => [entry.itemId, entry.value, entry.typedAt])).toEqual([
      [2, 7, at(1)],
      [1, 5, at(2)],
    ]);
    expect(state.entries.map((entry) => entry.rev)).toEqual([2, 3]);
  });

  test('a merge combines a field-wise edit with the one still waiting', () => {
    type Change = { par?: number; lifecycle?: string };
    const merge = (waiting: Change, next: Change) => ({ ...waiting, ...next });
    let state = emptyOutbox<Change>();
    state = recordEdit(state, { itemId: 1, value: { par: 6 }, typedAt: at(0) }, merge);
    state = recordEdit(state, { itemId: 1, value: { lifecycle: 'new' }, typedAt: at(1) }, merge);
    expect(state.entries).toEqual([
      { itemId: 1, value: { par: 6, lifecycle: 'new' }, typedAt: at(1), rev: 2 },
    ]);
  });

  test('a batch is the oldest edits first, at most the size asked for, without refused ones', () => {
    const state = markRefused(typed([1, 1], [2, 2], [3, 3], [4, 4]), [{ itemId: 2, rev: 2 }], 'No.');
    expect(takeBatch(state, 2).map((entry) => entry.itemId)).toEqual([1, 3]);
    expect(takeBatch(state, 100).map((entry) => entry.itemId)).toEqual([1, 3, 4]);
    expect(pendingCount(state)).toBe(3);
  });

  test('settling removes only what was sent: an item typed again while the request was out stays', () => {
    const before = typed([1, 4], [2, 7]);
    const sent = takeBatch(before, 100);
    const typedMeanwhile = recordEdit(before, { itemId: 1, value: 9, typedAt: at(9) });
    const after = settleSent(typedMeanwhile, sent);
    expect(after.entries.map((entry) => [entry.itemId, entry.value])).toEqual([[1, 9]]);
  });

  test('a refusal sticks to the sent edit only, and a new edit of the item clears it', () => {
    const state = typed([1, 4]);
    const refused = markRefused(state, takeBatch(state, 1), 'The PAR of Oat Milk is locked.');
    expect(refused.refusals[0]?.refused).toBe('The PAR of Oat Milk is locked.');
    expect(pendingCount(refused)).toBe(0);

    const retyped = recordEdit(refused, { itemId: 1, value: 5, typedAt: at(5) });
    expect(retyped.entries[0]?.refused).toBeUndefined();
    expect(pendingCount(clearRefusals(refused))).toBe(1);

    const stale = markRefused(retyped, [{ itemId: 1, rev: 1 }], 'old answer');
    expect(stale.entries[0]?.refused).toBeUndefined();
  });

  test('a refusal for good leaves the outbox at once and keeps the typed value until dismissed', () => {
    const state = typed([1, 4], [2, 7]);
    const refused = markRefused(state, [{ itemId: 1, rev: 1 }], 'Locked by Dana Reyes at 14:02');
    expect(refused.entries.map((entry) => entry.itemId)).toEqual([2]);
    expect(takeBatch(refused, 100).map((entry) => entry.itemId)).toEqual([2]);
    expect(refused.refusals).toEqual([
      { itemId: 1, value: 4, typedAt: at(0), rev: 1, refused: 'Locked by Dana Reyes at 14:02' },
    ]);
    // Saving the others does not touch it: it is no longer waiting to be sent.
    expect(settleSent(refused, [{ itemId: 2, rev: 2 }]).refusals).toEqual(refused.refusals);

    expect(dismissRefusals(refused, 1).refusals).toEqual([]);
    expect(dismissRefusals(refused, 9).refusals).toEqual(refused.refusals);
    expect(dismissRefusals(refused).refusals).toEqual([]);
  });

  test('an outbox stored with a refusal among its entries reads it as a refusal', () => {
    const stored = JSON.stringify({
      nextRev: 3,
      entries: [
        { itemId: 1, value: 4, typedAt: at(0), rev: 1, refused: 'No.' },
        { itemId: 2, value: 7, typedAt: at(1), rev: 2 },
      ],
    });
    const state = parseOutbox(stored, isNumber);
    expect(state.entries.map((entry) => entry.itemId)).toEqual([2]);
    expect(state.refusals.map((entry) => [entry.itemId, entry.refused])).toEqual([[1, 'No.']]);
  });

  test('reads back what it wrote, and reads damaged storage as empty instead of failing', () => {
    const state = markRefused(typed([1, 4], [2, 0.25]), [{ itemId: 1, rev: 1 }], 'No.');
    expect(parseOutbox(JSON.stringify(state), isNumber)).toEqual(state);
    expect(parseOutbox(null, isNumber)).toEqual(emptyOutbox());
    expect(parseOutbox('{not json', isNumber)).toEqual(emptyOutbox());
    expect(parseOutbox('"text"', isNumber)).toEqual(emptyOutbox());
    expect(parseOutbox('{"entries":7}', isNumber)).toEqual(emptyOutbox());
  });

  test('drops stored entries it cannot use, and never reuses a revision', () => {
    const stored = JSON.stringify({
      nextRev: 2,
      entries: [
        { itemId: 1, value: 'four', typedAt: at(0), rev: 1 },
        { itemId: 2, value: 3, typedAt: 'yesterday', rev: 2 },
        { itemId: 3, value: 3, typedAt: at(1), rev: 7 },
        { itemId: 4, value: 2, typedAt: at(2), rev: 5 },
      ],
    });
    const state = parseOutbox(stored, isNumber);
    expect(state.entries.map((entry) => entry.itemId)).toEqual([4, 3]);
    expect(state.nextRev).toBe(8);
  });

  test('adopting edits of another session keeps their typed times, and a later edit here wins', () => {
    const here = recordEdit(emptyOutbox<number>(), { itemId: 1, value: 9, typedAt: at(30) });
    const elsewhere = typed([1, 4], [2, 7]);
    const adopted = adoptEntries(here, elsewhere);
    expect(adopted.entries.map((entry) => [entry.itemId, entry.value, entry.typedAt])).toEqual([
      [1, 9, at(30)],
      [2, 7, at(1)],
    ]);
  });
});
