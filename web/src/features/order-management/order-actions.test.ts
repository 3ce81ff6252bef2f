import { describe, expect, test } from 'bun:test';
import { canEditLines, manageActionsFor } from './order-actions.ts';

describe('Order Management actions follow the engine state machine', () => {
  test('submitted: edit or cancel; approved: place or cancel; placed: receive', () => {
    expect(manageActionsFor('submitted')).toEqual(['cancel']);
    expect(canEditLines('submitted')).toBe(true);
    expect(manageActionsFor('approved')).toEqual(['place', 'cancel']);
    expect(canEditLines('approved')).toBe(false);
    expect(manageActionsFor('placed')).toEqual(['receive']);
  });

  test('finished orders offer nothing', () => {
    for (const status of ['received', 'rejected', 'cancelled'] as const) {
      expect(manageActionsFor(status)).toEqual([]);
      expect(canEditLines(status)).toBe(false);
    }
  });
});
