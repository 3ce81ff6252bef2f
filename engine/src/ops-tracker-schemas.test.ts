import { describe, expect, test } from 'bun:test';
import { cafeOpsResponseSchema } from './ops-tracker-schemas.ts';

// A checklist as a device kept it offline before the count's coverage was part of the answer.
const keptBefore = {
  locationId: 3,
  timezone: 'America/New_York',
  today: '2026-12-06',
  businessDate: '2026-12-06',
  asOf: '2026-12-06T20:00:00.000Z',
  access: 'today',
  tasks: [],
  routine: {
    countSinceLastOrder: { done: true, at: '2026-12-06T12:00:00.000Z', lastOrderAt: null },
    nightlyCount: { done: false, at: null },
    orderThisWeek: { done: false, at: null, weekStart: '2026-11-30' },
  },
  days: [],
};

describe('the Cafe Ops Tracker answer', () => {
  test('a copy kept before the count’s coverage was sent still reads, with the coverage unknown', () => {
    const parsed = cafeOpsResponseSchema.parse(keptBefore);
    expect(parsed.routine.countSinceLastOrder.products).toBeNull();
    expect(parsed.routine.countSinceLastOrder.done).toBe(true);
  });

  test('the coverage, when sent, is read as sent', () => {
    const sent = structuredClone(keptBefore);
    Object.assign(sent.routine.countSinceLastOrder, { products: { counted: 3, listed: 178 } });
    expect(cafeOpsResponseSchema.parse(sent).routine.countSinceLastOrder.products).toEqual({
      counted: 3,
      listed: 178,
    });
  });
});
