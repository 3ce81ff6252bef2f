import { describe, expect, test } from 'bun:test';
import {
  approvalsRag,
  countRag,
  isPartialCount,
  lastOrderRag,
  nightlyDoneLate,
  nightlyRag,
  OPS_SIGNAL_KEYS,
  OPS_SIGNAL_LEGEND,
  opsSignals,
  parsRag,
  tasksRag,
  worstRag,
} from './ops-signals.ts';

const AS_OF = '2026-03-10T15:00:00.000Z';
const hoursBefore = (hours: number) => new Date(Date.parse(AS_OF) - hours * 3_600_000).toISOString();
const daysBefore = (days: number) => hoursBefore(days * 24);

describe('inventory count', () => {
  const whole = { counted: 180, listed: 180 };
  const count = (lastCountAt: string | null, lastOrderAt: string | null, lastCountProducts = whole) =>
    countRag({ asOf: AS_OF, lastCountAt, lastOrderAt, lastCountProducts });
  test('green when counted after the last order and within seven days', () => {
    expect(count(daysBefore(1), daysBefore(2))).toBe('green');
    expect(count(daysBefore(6.9), null)).toBe('green');
  });
  test('amber when the count is seven days old, or the order is recent and not counted since', () => {
    expect(count(daysBefore(7), null)).toBe('amber');
    expect(count(daysBefore(3), daysBefore(2.9))).toBe('amber');
  });
  test('red when never counted, or three days after the last order without a count', () => {
    expect(countRag({ asOf: AS_OF, lastCountAt: null, lastOrderAt: null, lastCountProducts: null })).toBe(
      'red',
    );
    expect(count(daysBefore(4), daysBefore(3))).toBe('red');
  });
  test('amber when a fresh count gave a number to under 80% of the products the café lists', () => {
    expect(count(daysBefore(1), daysBefore(2), { counted: 2, listed: 180 })).toBe('amber');
    expect(count(daysBefore(1), daysBefore(2), { counted: 143, listed: 180 })).toBe('amber');
    expect(count(daysBefore(1), daysBefore(2), { counted: 144, listed: 180 })).toBe('green');
    // A café that lists nothing to count has nothing left out.
    expect(count(daysBefore(1), null, { counted: 0, listed: 0 })).toBe('green');
  });
  test('partial or whole, a count the last order came after is judged by that order', () => {
    expect(count(daysBefore(4), daysBefore(3), { counted: 2, listed: 180 })).toBe('red');
  });
  test('isPartialCount: under the share, never for no count or no listed products', () => {
    expect(isPartialCount({ counted: 79, listed: 100 })).toBe(true);
    expect(isPartialCount({ counted: 80, listed: 100 })).toBe(false);
    expect(isPartialCount(null)).toBe(false);
    expect(isPartialCount({ counted: 5, listed: 0 })).toBe(false);
  });
});

describe('nightly count', () => {
  test('green once completed; amber while the day runs; red when the day ended without it', () => {
    const started = { startedAt: hoursBefore(1), completedAt: null };
    expect(
      nightlyRag({ asOf: AS_OF, dayOver: true, nightly: { startedAt: null, completedAt: hoursBefore(1) } }),
    ).toBe('green');
    expect(nightlyRag({ asOf: AS_OF, dayOver: false, nightly: started })).toBe('amber');
    expect(nightlyRag({ asOf: AS_OF, dayOver: false, nightly: { startedAt: null, completedAt: null } })).toBe(
      'amber',
    );
    expect(nightlyRag({ asOf: AS_OF, dayOver: true, nightly: started })).toBe('red');
  });

  test('completed after the day ended: done late, amber, never missed', () => {
    // Started at 23:57, completed at 00:02: the day's asOf is its end, midnight.
    const late = {
      asOf: AS_OF,
      dayOver: true,
      nightly: {
        startedAt: hoursBefore(0.05),
        completedAt: new Date(Date.parse(AS_OF) + 120_000).toISOString(),
      },
    };
    expect(nightlyDoneLate(late)).toBe(true);
    expect(nightlyRag(late)).toBe('amber');
    const atMidnight = { ...late, nightly: { ...late.nightly, completedAt: AS_OF } };
    expect(nightlyDoneLate(atMidnight)).toBe(true);
    const justBefore = { ...late, nightly: { ...late.nightly, completedAt: hoursBefore(0.01) } };
    expect(nightlyDoneLate(justBefore)).toBe(false);
    expect(nightlyRag(justBefore)).toBe('green');
  });
});

describe('tasks', () => {
  test('green with nothing overdue, amber for one or two, red from three', () => {
    expect(tasksRag({ tasks: { total: 5, done: 2, overdue: 0 } })).toBe('green');
    expect(tasksRag({ tasks: { total: 0, done: 0, overdue: 0 } })).toBe('green');
    expect(tasksRag({ tasks: { total: 5, done: 3, overdue: 1 } })).toBe('amber');
    expect(tasksRag({ tasks: { total: 5, done: 3, overdue: 2 } })).toBe('amber');
    expect(tasksRag({ tasks: { total: 5, done: 2, overdue: 3 } })).toBe('red');
  });
});

describe('orders awaiting approval', () => {
  test('green with none, amber under 24 hours, red from 24 hours', () => {
    expect(approvalsRag({ asOf: AS_OF, approvals: { waiting: 0, oldestAt: null } })).toBe('green');
    expect(approvalsRag({ asOf: AS_OF, approvals: { waiting: 2, oldestAt: hoursBefore(23.9) } })).toBe(
      'amber',
    );
    expect(approvalsRag({ asOf: AS_OF, approvals: { waiting: 1, oldestAt: hoursBefore(24) } })).toBe('red');
  });
});

describe('last order', () => {
  test('green within 7 days, amber to 13, red from 14 or never', () => {
    expect(lastOrderRag({ asOf: AS_OF, lastOrderAt: daysBefore(6.9) })).toBe('green');
    expect(lastOrderRag({ asOf: AS_OF, lastOrderAt: daysBefore(7) })).toBe('amber');
    expect(lastOrderRag({ asOf: AS_OF, lastOrderAt: daysBefore(13.9) })).toBe('amber');
    expect(lastOrderRag({ asOf: AS_OF, lastOrderAt: daysBefore(14) })).toBe('red');
    expect(lastOrderRag({ asOf: AS_OF, lastOrderAt: null })).toBe('red');
  });
});

describe('PARs never set', () => {
  test('green with none, amber for one to four, red from five', () => {
    expect(parsRag({ parsNotSet: 0 })).toBe('green');
    expect(parsRag({ parsNotSet: 4 })).toBe('amber');
    expect(parsRag({ parsNotSet: 5 })).toBe('red');
  });
});

describe('a row', () => {
  test('every signal gets a colour and a legend entry; the row shows its worst', () => {
    const signals = opsSignals({
      asOf: AS_OF,
      dayOver: false,
      lastCountAt: daysBefore(1),
      lastCountProducts: { counted: 170, listed: 180 },
      lastOrderAt: daysBefore(2),
      nightly: { startedAt: null, completedAt: null },
      tasks: { total: 4, done: 4, overdue: 0 },
      approvals: { waiting: 0, oldestAt: null },
      parsNotSet: 7,
    });
    expect(signals).toEqual({
      count: 'green',
      nightly: 'amber',
      tasks: 'green',
      approvals: 'green',
      lastOrder: 'green',
      pars: 'red',
    });
    expect(Object.keys(OPS_SIGNAL_LEGEND).sort()).toEqual([...OPS_SIGNAL_KEYS].sort());
    expect(worstRag(Object.values(signals))).toBe('red');
    expect(worstRag(['green', 'amber'])).toBe('amber');
    expect(worstRag([])).toBe('green');
  });
});
