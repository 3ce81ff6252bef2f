import { afterEach, describe, expect, test } from 'bun:test';
import type { OrderDetail, OrderLine } from '@engine/order-schemas.ts';
import { act, cleanup, render, screen } from '@testing-library/react';
import { authUserQueryKey } from '@web/lib/shared-reads/auth-user.ts';
import { permissionsQueryKey } from '@web/lib/shared-reads/permissions-map.ts';
import { userRoleQueryKey } from '@web/lib/shared-reads/user-role.ts';
import { orderDetail, signedInManager } from '@web-test/fixtures.ts';
import { createTestProviders } from '@web-test/query-wrapper.tsx';
import { ReceiptUndo } from './receipt-undo.tsx';

const at = '2026-12-04T13:14:00.000Z';
const line = (productId: number, vendor: string, receiptId: number | null): OrderLine => ({
  productId,
  productName: `Product ${productId}`,
  category: 'Dairy',
  subcategory: null,
  unit: 'each',
  sku: null,
  vendor,
  quantity: 2,
  unitCost: 1,
  lineTotal: 2,
  receivedAt: receiptId === null ? null : at,
  receivedQuantity: receiptId === null ? null : 2,
  receiptId,
});

/** The sheet's Undo for one vendor's lines, seen by someone with or without manage_orders. */
function renderUndo(order: OrderDetail, vendor: string, permissions: string[]) {
  const { client, wrapper } = createTestProviders();
  client.setQueryData(authUserQueryKey, signedInManager);
  client.setQueryData(userRoleQueryKey, { role: 'cafe_manager' });
  client.setQueryData(permissionsQueryKey, { cafe_manager: permissions });
  const lines = order.lines.filter((one) => one.vendor === vendor);
  return render(<ReceiptUndo order={order} vendor={vendor} lines={lines} />, { wrapper });
}

afterEach(cleanup);

describe('ReceiptUndo', () => {
  test('only someone who may receive sees it, and only once the vendor’s lines are in', () => {
    const received = orderDetail({ status: 'placed', lines: [line(1, 'Valley Fresh Dairy', 7)] });
    renderUndo(received, 'Valley Fresh Dairy', ['view_orders']);
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();
    cleanup();
    renderUndo(
      orderDetail({ status: 'placed', lines: [line(1, 'Valley Fresh Dairy', null)] }),
      'Valley Fresh Dairy',
      ['manage_orders'],
    );
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();
    cleanup();
    renderUndo(received, 'Valley Fresh Dairy', ['manage_orders']);
    expect(screen.getByRole('button', { name: 'Undo the delivery from Valley Fresh Dairy' })).toBeTruthy();
  });

  test('its dialog names the other vendors’ lines of the same delivery, and says the order is placed again', async () => {
    const order = orderDetail({
      status: 'received',
      lines: [
        line(1, 'Valley Fresh Dairy', 9),
        line(2, 'Valley Fresh Dairy', 9),
        line(3, 'Ridge Roasters', 9),
        line(4, 'Packwell Supply', 9),
        line(5, 'Packwell Supply', 8),
      ],
    });
    renderUndo(order, 'Valley Fresh Dairy', ['manage_orders']);
    await act(async () =>
      screen.getByRole('button', { name: 'Undo the delivery from Valley Fresh Dairy' }).click(),
    );
    const dialog = screen.getByRole('dialog', { name: 'Undo the delivery from Valley Fresh Dairy?' });
    expect(dialog.textContent).toContain(
      'The 2 lines from Valley Fresh Dairy received Dec 4, 2026, 8:14 AM EST',
    );
    expect(dialog.textContent).toContain(
      '2 other lines came in the same delivery (Ridge Roasters (1), Packwell Supply (1)): they are to come again too.',
    );
    expect(dialog.textContent).toContain('Order DT-02-20261121-0001 will be placed again.');
  });
});
