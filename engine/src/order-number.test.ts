import { describe, expect, test } from 'bun:test';
import { formatOrderNumber, orderNumberPrefix } from './order-number.ts';

describe('formatOrderNumber', () => {
  test('location code, business day and a four-digit running number', () => {
    expect(formatOrderNumber('DT-01', '2026-11-21', 1)).toBe('DT-01-20261121-0001');
  });

  test('the running number grows past four digits instead of wrapping', () => {
    expect(formatOrderNumber('DT', '2026-11-21', 12345)).toBe('DT-20261121-12345');
  });

  test('numbers of one location and day share the prefix', () => {
    expect(formatOrderNumber('UP', '2026-01-02', 7).startsWith(orderNumberPrefix('UP', '2026-01-02'))).toBe(
      true,
    );
  });

  test('refuses a malformed day or running number', () => {
    expect(() => formatOrderNumber('DT', '21.11.2026', 1)).toThrow();
    expect(() => formatOrderNumber('DT', '2026-11-21', 0)).toThrow();
    expect(() => formatOrderNumber('DT', '2026-11-21', 1.5)).toThrow();
  });
});
