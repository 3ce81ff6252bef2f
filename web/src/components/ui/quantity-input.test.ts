import { describe, expect, test } from 'bun:test';
import { stepQuantity } from './quantity-input.tsx';

describe('stepQuantity (the − and + beside a typed quantity)', () => {
  test('steps whole units from what is typed, never below zero; empty is 0', () => {
    expect(stepQuantity('2', 1)).toBe('3');
    expect(stepQuantity('2,5', 1)).toBe('3.5');
    expect(stepQuantity('0.5', -1)).toBe('0');
    expect(stepQuantity('', 1)).toBe('1');
    expect(stepQuantity('-3', 1)).toBe('0');
  });

  test('text that is no quantity stays as typed, so the field can say why', () => {
    for (const text of ['0x10', '1e3', '2,500', 'abc']) {
      expect([text, stepQuantity(text, 1)]).toEqual([text, text]);
    }
  });
});
