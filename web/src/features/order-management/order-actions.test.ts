import { describe, expect, test } from 'bun:test';
import { canEditLines, MANAGE_ACTION_TEXT, manageActionMessage, manageActionsFor } from './order-actions.ts';

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

describe('the receive dialog after some deliveries', () => {
  test('speaks of what is still to come; before any delivery, of the whole order', () => {
    expect(manageActionMessage('receive', { lineCount: 30, receivedLineCount: 0 })).toBe(
      MANAGE_ACTION_TEXT.receive.message,
    );
    expect(manageActionMessage('receive', { lineCount: 30, receivedLineCount: 9 })).toBe(
      'Record that the rest of the order arrived: the 21 lines not yet received (9 already are). Receiving does not change any counts.',
    );
    expect(manageActionMessage('receive', { lineCount: 30, receivedLineCount: 29 })).toMatch(
      /^Record that the rest of the order arrived: the line not yet received \(29 already are\)/,
    );
    expect(manageActionMessage('cancel', { lineCount: 30, receivedLineCount: 9 })).toBe(
      MANAGE_ACTION_TEXT.cancel.message,
    );
  });
});
