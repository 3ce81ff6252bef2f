import { describe, expect, test } from 'bun:test';
import {
  checkOrderActionPermission,
  checkOrderLinesEditable,
  ORDER_ACTIONS,
  ORDER_STATUSES,
  type OrderAction,
  type OrderStatus,
  permissionsForAction,
  transitionOrder,
} from './order-state-machine.ts';
import type { PermissionKey } from './permissions.ts';

/** Every status × action: the status it leads to, or null when refused. Written out in full on purpose. */
const EXPECTED: Record<OrderStatus, Record<OrderAction, OrderStatus | null>> = {
  submitted: { approve: 'approved', reject: 'rejected', place: null, receive: null, cancel: 'cancelled' },
  approved: { approve: null, reject: null, place: 'placed', receive: null, cancel: 'cancelled' },
  rejected: { approve: null, reject: null, place: null, receive: null, cancel: null },
  placed: { approve: null, reject: null, place: null, receive: 'received', cancel: null },
  received: { approve: null, reject: null, place: null, receive: null, cancel: null },
  cancelled: { approve: null, reject: null, place: null, receive: null, cancel: null },
};

describe('transitionOrder', () => {
  for (const status of ORDER_STATUSES) {
    for (const action of ORDER_ACTIONS) {
      const to = EXPECTED[status][action];
      test(`${action} a ${status} order: ${to ?? 'refused'}`, () => {
        const result = transitionOrder(status, action);
        if (to === null) {
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.reason).toMatch(/^(Only|This order is already)/);
        } else {
          expect(result).toEqual({ ok: true, from: status, to });
        }
      });
    }
  }

  test('the refusal names the allowed statuses and the current one', () => {
    expect(transitionOrder('placed', 'approve')).toEqual({
      ok: false,
      reason: 'Only submitted orders can be approved; this order is placed.',
    });
    expect(transitionOrder('received', 'cancel')).toEqual({
      ok: false,
      reason: 'Only submitted or approved orders can be cancelled; this order is received.',
    });
  });

  test('repeating an action that already happened says so', () => {
    expect(transitionOrder('approved', 'approve')).toEqual({
      ok: false,
      reason: 'This order is already approved.',
    });
    expect(transitionOrder('cancelled', 'cancel')).toEqual({
      ok: false,
      reason: 'This order is already cancelled.',
    });
  });

  test('rejected, received and cancelled are final', () => {
    for (const status of ['rejected', 'received', 'cancelled'] as const) {
      expect(ORDER_ACTIONS.filter((action) => transitionOrder(status, action).ok)).toEqual([]);
    }
  });
});

describe('checkOrderLinesEditable', () => {
  test('only a submitted order can be edited', () => {
    expect(checkOrderLinesEditable('submitted')).toEqual({ ok: true });
    for (const status of ORDER_STATUSES.filter((s) => s !== 'submitted')) {
      expect(checkOrderLinesEditable(status)).toEqual({
        ok: false,
        reason: `Only submitted orders can be edited; this order is ${status}.`,
      });
    }
  });
});

describe('permissions of order actions', () => {
  const actor = (userId: number, ...permissions: PermissionKey[]) => ({
    userId,
    permissions: new Set(permissions),
  });

  test('approve and reject need approve_orders; place, receive and cancel manage_orders', () => {
    expect(permissionsForAction('approve')).toEqual(['approve_orders']);
    expect(permissionsForAction('reject')).toEqual(['approve_orders']);
    expect(permissionsForAction('place')).toEqual(['manage_orders']);
    expect(permissionsForAction('receive')).toEqual(['manage_orders']);
    expect(permissionsForAction('cancel')).toEqual(['manage_orders', 'submit_orders']);
  });

  test('the action permission allows it on anyone’s order', () => {
    for (const action of ORDER_ACTIONS) {
      const permission = permissionsForAction(action)[0] as PermissionKey;
      expect(
        checkOrderActionPermission({
          action,
          actor: actor(1, permission),
          status: 'submitted',
          createdBy: 2,
        }),
      ).toEqual({ ok: true });
    }
  });

  test('without it the action is refused, naming it', () => {
    expect(
      checkOrderActionPermission({
        action: 'approve',
        actor: actor(1, 'manage_orders', 'submit_orders'),
        status: 'submitted',
        createdBy: 1,
      }),
    ).toEqual({ ok: false, reason: 'You do not have permission to approve orders.' });
  });

  test('a submitter may cancel their own order while it is submitted', () => {
    expect(
      checkOrderActionPermission({
        action: 'cancel',
        actor: actor(7, 'submit_orders'),
        status: 'submitted',
        createdBy: 7,
      }),
    ).toEqual({ ok: true });
  });

  test('…but not once it is approved', () => {
    const result = checkOrderActionPermission({
      action: 'cancel',
      actor: actor(7, 'submit_orders'),
      status: 'approved',
      createdBy: 7,
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/only while it is submitted; this order is approved/);
  });

  test('…and never someone else’s order', () => {
    expect(
      checkOrderActionPermission({
        action: 'cancel',
        actor: actor(7, 'submit_orders'),
        status: 'submitted',
        createdBy: 8,
      }),
    ).toEqual({ ok: false, reason: 'You can cancel only orders you submitted yourself.' });
  });

  test('submit_orders gives no other action', () => {
    for (const action of ['approve', 'reject', 'place', 'receive'] as const) {
      expect(
        checkOrderActionPermission({
          action,
          actor: actor(7, 'submit_orders'),
          status: 'submitted',
          createdBy: 7,
        }).ok,
      ).toBe(false);
    }
  });
});
