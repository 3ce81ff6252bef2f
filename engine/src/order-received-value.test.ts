import { describe, expect, test } from 'bun:test';
import { receivedValue } from './order-received-value.ts';

describe('receivedValue', () => {
  test('nothing received yet is no figure', () => {
    expect(receivedValue([{ receivedQuantity: null, unitCost: 65 }])).toBeNull();
  });

  test('received lines at their ordered cost, short and missing ones as they came, each line rounded to cents', () => {
    expect(
      receivedValue([
        { receivedQuantity: 3, unitCost: 65 },
        { receivedQuantity: 0, unitCost: 32 },
        { receivedQuantity: null, unitCost: 100 },
        { receivedQuantity: 0.25, unitCost: 0.58 },
      ]),
    ).toBe(195.15);
  });
});
