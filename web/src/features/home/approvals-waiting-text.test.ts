import { describe, expect, test } from 'bun:test';
import { approvalsWaitingText } from './approvals-waiting-text.ts';

const now = new Date(2026, 11, 7, 10, 30);

describe('approvalsWaitingText', () => {
  test('nothing waiting says so, with no zero total', () => {
    expect(approvalsWaitingText({ waiting: 0, cafes: 0, total: 0, oldestSubmittedAt: null }, now)).toBe(
      'No orders are waiting for approval.',
    );
  });

  test('several orders: how many, from how many cafés, the total and the oldest’s day and time', () => {
    const oldest = new Date(2026, 11, 6, 16, 20).toISOString();
    expect(
      approvalsWaitingText({ waiting: 3, cafes: 2, total: 1240.5, oldestSubmittedAt: oldest }, now),
    ).toBe(
      '3 orders from 2 cafés wait for approval, $1,240.50 in all. The oldest was sent on 2026-12-06 at 16:20.',
    );
  });

  test('one order, sent today: no count of cafés, no "in all"', () => {
    const sent = new Date(2026, 11, 7, 7, 50).toISOString();
    expect(approvalsWaitingText({ waiting: 1, cafes: 1, total: 42, oldestSubmittedAt: sent }, now)).toBe(
      '1 order waits for approval, $42.00. It was sent today at 07:50.',
    );
  });
});
