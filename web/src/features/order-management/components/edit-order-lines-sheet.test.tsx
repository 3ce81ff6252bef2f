import { afterEach, describe, expect, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { orderDetailQuery } from '@web/lib/orders/order-queries.ts';
import { orderDetail } from '@web-test/fixtures.ts';
import { createTestProviders } from '@web-test/query-wrapper.tsx';
import { EditOrderLinesSheet } from './edit-order-lines-sheet.tsx';

afterEach(cleanup);

/** An order of oat milk (3 × $2.50) and cups (2 × $64), open in the edit sheet. */
function renderSheet() {
  const [milk] = orderDetail().lines;
  if (!milk) throw new Error('The fixture order has no line');
  const cups = { ...milk, productId: 13, productName: 'Cold Cup', unitCost: 64, quantity: 2, lineTotal: 128 };
  const order = orderDetail({ lines: [milk, cups], lineCount: 2, total: 135.5 });
  const { client, wrapper } = createTestProviders();
  client.setQueryData(orderDetailQuery(order.id).queryKey, order);
  render(<EditOrderLinesSheet orderId={order.id} saving={false} onSave={() => {}} onClose={() => {}} />, {
    wrapper,
  });
}

const rowOf = (name: string) => {
  const row = screen.getAllByTestId('order-line').find((one) => one.textContent?.includes(name));
  if (!row) throw new Error(`No line of ${name}`);
  return row;
};

describe('Edit order quantities', () => {
  test('each line, its group and the order total follow the quantity typed', async () => {
    renderSheet();
    const field = await screen.findByLabelText('Quantity of Cold Cup');
    await act(async () => {
      fireEvent.change(field, { target: { value: '2.5' } });
    });
    expect(within(rowOf('Cold Cup')).getByText('$160.00')).toBeDefined();
    // The group's subtotal: $7.50 of milk and $160.00 of cups.
    expect(screen.getByText('$167.50')).toBeDefined();
    expect(screen.getByText(/New total \$167\.50 \(was \$135\.50\)/)).toBeDefined();

    await act(async () => {
      fireEvent.change(field, { target: { value: 'abc' } });
    });
    // A quantity that is not a number yet leaves the line at what it was.
    expect(within(rowOf('Cold Cup')).getByText('$128.00')).toBeDefined();
  });
});
