import { expect, test } from 'bun:test';
import { dayRangeToInstants } from './audit-filter-dates.ts';

test('a day range covers both whole days in the viewer’s time zone', () => {
  const range = dayRangeToInstants('2026-03-01', '2026-03-03');
  expect(range.problem).toBeNull();
  expect(range.from).toBe(new Date(2026, 2, 1).toISOString());
  expect(range.to).toBe(new Date(2026, 2, 4).toISOString());
});

test('one day alone is from its start to the next day’s', () => {
  expect(dayRangeToInstants('2026-03-01', '2026-03-01')).toEqual({
    from: new Date(2026, 2, 1).toISOString(),
    to: new Date(2026, 2, 2).toISOString(),
    problem: null,
  });
});

test('open ends stay open', () => {
  expect(dayRangeToInstants('', '')).toEqual({ from: undefined, to: undefined, problem: null });
  expect(dayRangeToInstants('2026-03-01', '').to).toBeUndefined();
});

test('an end before the start is refused before anything is asked', () => {
  expect(dayRangeToInstants('2026-03-05', '2026-03-01').problem).toBe(
    'The start date must be on or before the end date.',
  );
});
