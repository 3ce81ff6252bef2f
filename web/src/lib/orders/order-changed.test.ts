import { describe, expect, test } from 'bun:test';
import { ApiRequestError } from '@web/lib/api-request.ts';
import { isOrderChangedMeanwhile, orderFailureToast } from './order-changed.ts';

function refusal(code: string, message: string, status: string): ApiRequestError {
  return new ApiRequestError({
    status: 409,
    statusText: 'Conflict',
    bodyText: JSON.stringify({ code, message, details: { status } }),
    method: 'POST',
    url: '/api/orders/7/approve',
  });
}

const byOther = refusal(
  'order_changed',
  'Dan Reyes approved this order today at 07:50, after you opened it. Reload to see the latest.',
  'approved',
);

describe('orderFailureToast', () => {
  test('an order already where the action would take it: the plain toast, titled so, with who and when', () => {
    expect(
      orderFailureToast(byOther, { number: 'DT-02-1', action: 'approve' }, 'Order DT-02-1 was not approved'),
    ).toEqual({
      variant: 'default',
      title: 'Order DT-02-1 is already approved',
      description:
        'Dan Reyes approved this order today at 07:50, after you opened it. Reload to see the latest.',
    });
  });

  test('another change first: the red toast, saying the order changed meanwhile', () => {
    const toast = orderFailureToast(
      byOther,
      { number: 'DT-02-1', action: 'cancel' },
      'Order DT-02-1 was not changed',
    );
    expect(toast).toMatchObject({ variant: 'destructive', title: 'The order changed meanwhile' });
    const edit = orderFailureToast(byOther, { number: 'DT-02-1' }, 'Order DT-02-1 was not changed');
    expect(edit).toMatchObject({ variant: 'destructive', title: 'The order changed meanwhile' });
  });

  test('any other failure keeps its own title', () => {
    const offline = orderFailureToast(
      new TypeError('Failed to fetch'),
      { number: 'DT-02-1', action: 'approve' },
      'Order DT-02-1 was not approved',
    );
    expect(offline).toEqual({
      variant: 'destructive',
      title: 'Order DT-02-1 was not approved',
      description: 'Try again in a moment.',
    });
  });

  test('a status that no longer allows the action counts as changed meanwhile', () => {
    const late = refusal(
      'invalid_transition',
      'Only submitted orders can be approved; this order is placed.',
      'placed',
    );
    expect(isOrderChangedMeanwhile(late)).toBe(true);
    expect(orderFailureToast(late, { number: 'DT-02-1', action: 'approve' }, 'x').title).toBe(
      'The order changed meanwhile',
    );
  });
});
