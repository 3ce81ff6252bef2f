import { describe, expect, test } from 'bun:test';
import { endedOpsDay } from './ops-day.ts';

describe('endedOpsDay', () => {
  test('an earlier day is shown as it ended', () => {
    expect(endedOpsDay('2026-03-01', '2026-03-02')).toBe('2026-03-01');
    expect(endedOpsDay('2025-12-31', '2026-01-01')).toBe('2025-12-31');
  });

  test('today, a later day or no day is the live view', () => {
    expect(endedOpsDay('2026-03-02', '2026-03-02')).toBeUndefined();
    expect(endedOpsDay('2026-03-03', '2026-03-02')).toBeUndefined();
    expect(endedOpsDay('9999-12-31', '2026-03-02')).toBeUndefined();
    expect(endedOpsDay(undefined, '2026-03-02')).toBeUndefined();
  });

  test('text that names no day is the live view', () => {
    expect(endedOpsDay('abc', '2026-03-02')).toBeUndefined();
    expect(endedOpsDay('', '2026-03-02')).toBeUndefined();
  });
});
