import { expect, test } from 'bun:test';
import { deliveryProgress } from './delivery-progress.ts';

test('told only while a placed order arrives in parts', () => {
  expect(deliveryProgress({ status: 'placed', lineCount: 87, receivedLineCount: 11 })).toBe(
    '11 of 87 lines received',
  );
  expect(deliveryProgress({ status: 'placed', lineCount: 87, receivedLineCount: 0 })).toBeNull();
  expect(deliveryProgress({ status: 'received', lineCount: 87, receivedLineCount: 87 })).toBeNull();
  expect(deliveryProgress({ status: 'approved', lineCount: 87, receivedLineCount: 0 })).toBeNull();
});
