import { expect, test } from 'bun:test';
import { deliveryProgress } from './delivery-progress.ts';

const order = (
  status: 'placed' | 'received' | 'approved',
  receivedLineCount: number,
  notAsOrderedLineCount = 0,
) => ({ status, lineCount: 87, receivedLineCount, notAsOrderedLineCount });

test('told while a placed order arrives in parts', () => {
  expect(deliveryProgress(order('placed', 11))).toBe('11 of 87 lines received');
  expect(deliveryProgress(order('placed', 0))).toBeNull();
  expect(deliveryProgress(order('approved', 0))).toBeNull();
});

test('lines that came otherwise than ordered are counted, also once the order is received', () => {
  expect(deliveryProgress(order('placed', 11, 1))).toBe('11 of 87 lines received, 1 not as ordered');
  expect(deliveryProgress(order('received', 87, 2))).toBe('2 of 87 lines not as ordered');
  expect(deliveryProgress(order('received', 87))).toBeNull();
});
