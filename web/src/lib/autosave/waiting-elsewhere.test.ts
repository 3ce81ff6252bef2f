import { describe, expect, test } from 'bun:test';
import { emptyOutbox, recordEdit } from './outbox-state.ts';
import { createMemoryStore, outboxKey } from './outbox-storage.ts';
import { waitingElsewhere } from './waiting-elsewhere.ts';

function outboxOf(values: number[]): string {
  let state = emptyOutbox<number>();
  values.forEach((value, index) => {
    state = recordEdit(state, {
      itemId: index + 1,
      value,
      typedAt: new Date(2026, 11, 7, 9, index).toISOString(),
    });
  });
  return JSON.stringify(state);
}

describe('edits waiting for another café or screen', () => {
  test('are counted by café and screen, leaving out the screen open and other people', () => {
    const store = createMemoryStore({
      [outboxKey({ userId: 3, locationId: 1, operation: 'count_inventory', session: '9' })]: outboxOf([7, 8]),
      [outboxKey({ userId: 3, locationId: 1, operation: 'count_inventory', session: '8' })]: outboxOf([1]),
      [outboxKey({ userId: 3, locationId: 2, operation: 'count_inventory', session: '4' })]: outboxOf([5]),
      [outboxKey({ userId: 3, locationId: 1, operation: 'cafe_ops_tracker', session: '2026-12-07' })]:
        outboxOf([1]),
      [outboxKey({ userId: 3, locationId: 1, operation: 'set_pars', session: 'pars' })]: outboxOf([]),
      [outboxKey({ userId: 4, locationId: 1, operation: 'set_pars', session: 'pars' })]: outboxOf([12]),
      'parstock:outbox:v1:3:nonsense': outboxOf([1]),
      selectedAction: 'count_inventory',
    });
    expect(waitingElsewhere(store, 3, { locationId: 2, screen: 'count_inventory' })).toEqual([
      { locationId: 1, screen: 'count_inventory', count: 3 },
      { locationId: 1, screen: 'cafe_ops_tracker', count: 1 },
    ]);
    expect(waitingElsewhere(store, 3, { locationId: 1, screen: 'count_inventory' })).toEqual([
      { locationId: 2, screen: 'count_inventory', count: 1 },
      { locationId: 1, screen: 'cafe_ops_tracker', count: 1 },
    ]);
  });
});
