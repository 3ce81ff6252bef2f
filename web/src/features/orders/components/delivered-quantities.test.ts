import { describe, expect, test } from 'bun:test';
import type { OrderLine } from '@engine/order-schemas.ts';
import { cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { corrected, DeliveredQuantities, delivered, recordedOtherwise } from './delivered-quantities.tsx';

const line = (productId: number, quantity: number): OrderLine => ({
  productId,
  productName: `Product ${productId}`,
  category: 'Dairy',
  subcategory: null,
  unit: 'case',
  sku: null,
  vendor: 'Valley Fresh Dairy',
  quantity,
  unitCost: 1,
  lineTotal: quantity,
  receivedAt: null,
  receivedQuantity: null,
  receiptId: null,
});
const LINES = [line(1, 3), line(2, 2), line(3, 1)];

test('as ordered, every line is sent without a quantity', () => {
  expect(delivered(LINES, null)).toEqual([{ productId: 1 }, { productId: 2 }, { productId: 3 }]);
});

test('only a line that came otherwise carries what came; a comma is a decimal mark', () => {
  expect(delivered(LINES, { 1: '3', 2: '0', 3: '1,5' })).toEqual([
    { productId: 1 },
    { productId: 2, quantity: 0 },
    { productId: 3, quantity: 1.5 },
  ]);
});

test('a blank or a typed quantity that is not one sends nothing', () => {
  expect(delivered(LINES, { 1: '', 2: '2', 3: '1' })).toBeNull();
  expect(delivered(LINES, { 1: 'two', 2: '2', 3: '1' })).toBeNull();
  expect(delivered(LINES, { 1: '-1', 2: '2', 3: '1' })).toBeNull();
  expect(delivered(LINES, { 1: '0.001', 2: '2', 3: '1' })).toBeNull();
});

describe('corrected', () => {
  const received = (productId: number, quantity: number, came: number): OrderLine => ({
    ...line(productId, quantity),
    receivedAt: '2026-12-05T09:12:00.000Z',
    receivedQuantity: came,
  });
  const RECEIVED = [received(1, 4, 3), received(2, 2, 2), received(3, 10, 10)];

  test('only lines whose quantity differs from the one recorded are sent, with what really came', () => {
    expect(corrected(RECEIVED, { 1: '4', 2: '2', 3: '9,5' })).toEqual([
      { productId: 1, quantity: 4 },
      { productId: 3, quantity: 9.5 },
    ]);
    expect(corrected(RECEIVED, { 2: '0' })).toEqual([{ productId: 2, quantity: 0 }]);
  });

  test('quantities as recorded send nothing: there is nothing to correct', () => {
    expect(corrected(RECEIVED, { 1: '3', 2: ' 2 ', 3: '10' })).toEqual([]);
    expect(corrected(RECEIVED, {})).toEqual([]);
  });

  test('a blank or bad quantity sends nothing at all', () => {
    expect(corrected(RECEIVED, { 1: '4', 2: '' })).toBeNull();
    expect(corrected(RECEIVED, { 1: 'four' })).toBeNull();
    expect(corrected(RECEIVED, { 1: '-1' })).toBeNull();
  });
});

test('what another phone recorded first is named where it differs from what was sent', () => {
  const answer = [
    { ...line(1, 3), receivedAt: '2026-12-05T09:12:00.000Z', receivedQuantity: 3 },
    { ...line(2, 2), receivedAt: '2026-12-05T09:12:00.000Z', receivedQuantity: 2 },
    { ...line(3, 1), receivedAt: '2026-12-05T09:12:00.000Z', receivedQuantity: 0 },
  ];
  // Sent as recorded: nothing to say, whoever recorded it.
  expect(
    recordedOtherwise(
      [{ productId: 1 }, { productId: 2, quantity: 2 }, { productId: 3, quantity: 0 }],
      answer,
    ),
  ).toEqual([]);
  expect(
    recordedOtherwise([{ productId: 1, quantity: 2.5 }, { productId: 2 }, { productId: 3 }], answer),
  ).toEqual(['Product 1 3 (you typed 2.5)', 'Product 3 none (you typed 1)']);
  // A line the answer has not received (it cannot happen after a 200) says nothing.
  expect(recordedOtherwise([{ productId: 1, quantity: 1 }], [line(1, 3)])).toEqual([]);
});

test('a quantity far above what was ordered is warned of beside it, and still sent', () => {
  const counted = { 1: '99999', 2: '2', 3: '1' };
  render(createElement(DeliveredQuantities, { lines: LINES, counted, onCountedChange: () => {} }));
  expect(screen.getByText('99,999 is far more than the 3 ordered: check the number.')).toBeDefined();
  expect(screen.queryAllByText(/is far more than the/)).toHaveLength(1);
  expect(delivered(LINES, counted)?.[0]).toEqual({ productId: 1, quantity: 99_999 });
  cleanup();
});
