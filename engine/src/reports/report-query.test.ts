import { describe, expect, test } from 'bun:test';
import { reportQuerySchema } from './report-query.ts';

const messages = (input: unknown) => {
  const result = reportQuerySchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('reportQuerySchema', () => {
  test('one café in a query string is a list of one; several stay a list', () => {
    expect(
      reportQuerySchema.parse({ from: '2026-03-01', to: '2026-03-31', locations: '4' }).locations,
    ).toEqual([4]);
    expect(
      reportQuerySchema.parse({ from: '2026-03-01', to: '2026-03-31', locations: ['4', '7'] }).locations,
    ).toEqual([4, 7]);
    expect(reportQuerySchema.parse({ from: '2026-03-01', to: '2026-03-31' }).locations).toBeUndefined();
  });
  test('refuses a backwards range, a range over a year, and cafés with a district', () => {
    expect(messages({ from: '2026-03-02', to: '2026-03-01' })).toEqual(['from must not be after to']);
    expect(messages({ from: '2025-01-01', to: '2026-03-01' })).toEqual(['A report covers at most 367 days']);
    expect(messages({ from: '2026-03-01', to: '2026-03-02', locations: '1', district: '2' })).toEqual([
      'Name cafés or a district, not both',
    ]);
  });
  test('refuses days that are not days and ids that are not ids', () => {
    expect(messages({ from: '2026-02-30', to: '2026-03-01' })).toEqual(['from is not a day in the calendar']);
    expect(messages({ from: '2026-03-01', to: '2026-03-02', locations: ['1', 'x'] }).length).toBe(1);
  });
});
