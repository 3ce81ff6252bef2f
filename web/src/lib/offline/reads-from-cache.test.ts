import { afterEach, describe, expect, test } from 'bun:test';
import { act, renderHook } from '@testing-library/react';
import {
  cachedReadPaths,
  clockTime,
  noteReadAnswer,
  resetCachedReads,
  useOfflineListTime,
} from './reads-from-cache.ts';

afterEach(resetCachedReads);

describe('reads shown from the device', () => {
  test('the oldest kept answer dates the list, and a fresh answer takes its read out', () => {
    const { result } = renderHook(() => useOfflineListTime());
    expect(result.current).toBeNull();
    act(() => {
      noteReadAnswer('/api/products', '/api/products', '2026-11-25T14:05:00.000Z');
      noteReadAnswer('/api/inventory', '/api/inventory?locationId=3', '2026-11-25T13:40:00.000Z');
    });
    expect(result.current).toBe(Date.parse('2026-11-25T13:40:00.000Z'));
    expect(cachedReadPaths().sort()).toEqual(['/api/inventory', '/api/products']);

    act(() => noteReadAnswer('/api/inventory', '/api/inventory?locationId=3', null));
    expect(result.current).toBe(Date.parse('2026-11-25T14:05:00.000Z'));
    act(() => noteReadAnswer('/api/products', '/api/products', null));
    expect(result.current).toBeNull();
    expect(cachedReadPaths()).toEqual([]);
  });

  test('a header that is not a time counts as a fresh answer', () => {
    noteReadAnswer('/api/products', '/api/products', 'yesterday-ish');
    expect(cachedReadPaths()).toEqual([]);
  });

  test('the time is written as a 24-hour clock', () => {
    expect(clockTime(new Date(2026, 10, 25, 9, 5).getTime())).toBe('09:05');
    expect(clockTime(new Date(2026, 10, 25, 21, 40).getTime())).toBe('21:40');
  });
});
