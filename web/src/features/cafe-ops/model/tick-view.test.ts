import { describe, expect, test } from 'bun:test';
import type { ChecklistTask } from '@engine/ops-tracker-schemas.ts';
import {
  cafeDayTime,
  dayInSentence,
  dayLabel,
  doneWhen,
  isTickValue,
  withOutbox,
  zoneCity,
} from './tick-view.ts';

const task = (taskId: number, extra: Partial<ChecklistTask> = {}): ChecklistTask => ({
  taskId,
  title: `Task ${taskId}`,
  cadence: 'daily',
  weekday: null,
  dueTime: '07:00',
  dueAt: '2000-01-01T07:00:00.000Z',
  role: 'staff',
  overdue: true,
  done: false,
  completedAt: null,
  completedBy: null,
  note: null,
  late: false,
  typedAt: null,
  ...extra,
});

describe('withOutbox', () => {
  test('a tick typed on this device shows at once, pending, and is no longer overdue', () => {
    const entries = new Map([
      [1, { itemId: 1, value: { done: true, note: 'ok' }, typedAt: '2000-01-01T08:00:00Z', rev: 1 }],
    ]);
    const [ticked, untouched] = withOutbox([task(1), task(2)], entries);
    expect(ticked).toMatchObject({ done: true, note: 'ok', overdue: false, pending: true, refused: null });
    expect(untouched).toMatchObject({ done: false, overdue: true, pending: false });
  });

  test('a refused tick keeps the server state and says why', () => {
    const entries = new Map([
      [1, { itemId: 1, value: { done: true, note: null }, typedAt: 'x', rev: 1, refused: 'Not due' }],
    ]);
    expect(withOutbox([task(1)], entries)[0]).toMatchObject({
      done: false,
      refused: 'Not due',
      pending: false,
    });
  });
});

describe('labels', () => {
  test('days read as people say them; times on the café clock', () => {
    expect(dayLabel('2026-03-09', '2026-03-09')).toBe('Today');
    expect(dayLabel('2026-03-08', '2026-03-09')).toBe('Yesterday');
    expect(dayLabel('2026-03-07', '2026-03-09')).toBe('Sat 7');
    // In a sentence: "completing yesterday late", "completing Sat 7 late".
    expect(dayInSentence('2026-03-08', '2026-03-09')).toBe('yesterday');
    expect(dayInSentence('2026-03-07', '2026-03-09')).toBe('Sat 7');
    // Done on the day shown: the time alone; done on another day: which one, so a late tick does not read as on time.
    expect(doneWhen('2026-03-09T14:05:00Z', 'America/Chicago', '2026-03-09', '2026-03-09')).toBe('at 09:05');
    expect(doneWhen('2026-03-09T14:05:00Z', 'America/Chicago', '2026-03-08', '2026-03-09')).toBe(
      'today at 09:05',
    );
    expect(doneWhen('2026-03-08T14:05:00Z', 'America/Chicago', '2026-03-04', '2026-03-09')).toBe(
      'yesterday at 09:05',
    );
    expect(doneWhen('2026-03-07T15:05:00Z', 'America/Chicago', '2026-03-04', '2026-03-09')).toBe(
      'on Sat 7 at 09:05',
    );
    expect(zoneCity('America/Los_Angeles')).toBe('Los Angeles');
    // 02:38 UTC on the 25th is 21:38 on the 24th in New York.
    expect(cafeDayTime('2026-11-25T02:38:00Z', 'America/New_York', '2026-11-25')).toBe('Yesterday 21:38');
  });

  test('only a well-formed stored value is sent', () => {
    expect(isTickValue({ done: true, note: null })).toBe(true);
    expect(isTickValue({ done: 'yes', note: null })).toBe(false);
    expect(isTickValue(null)).toBe(false);
  });
});
