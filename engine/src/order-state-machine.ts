import { z } from 'zod';
import { permissionMessage } from './errors/refusal-messages.ts';
import type { PermissionKey } from './permissions.ts';

/**
 * An order's life (product.md "Order"): submitted → approved | rejected, approved → placed → received, and
 * cancelled while it is still submitted or approved. Rejected, received and cancelled are final, but for one
 * step outside these actions: undoing the delivery that completed an order places it again (decision 097).
 */
export const ORDER_STATUSES = [
  'submitted',
  'approved',
  'rejected',
  'placed',
  'received',
  'cancelled',
] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES, {
  error: `status must be one of: ${ORDER_STATUSES.join(', ')}`,
});
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Orders that will never be paid for: a total of spend leaves them out (they are shown apart). */
export const UNSPENT_ORDER_STATUSES = ['cancelled', 'rejected'] as const satisfies readonly OrderStatus[];

export const ORDER_ACTIONS = ['approve', 'reject', 'place', 'receive', 'cancel'] as const;
export const orderActionSchema = z.enum(ORDER_ACTIONS);
export type OrderAction = z.infer<typeof orderActionSchema>;

export interface OrderActionRule {
  from: readonly OrderStatus[];
  to: OrderStatus;
  /** The permission that allows the action on any order in the user's scope. */
  permission: PermissionKey;
  /** Past participle for messages: "Only submitted orders can be approved". */
  done: string;
  /** A rejection without a reason leaves the café guessing what to change. */
  commentRequired: boolean;
}

export const ORDER_ACTION_RULES: Readonly<Record<OrderAction, OrderActionRule>> = {
  approve: {
    from: ['submitted'],
    to: 'approved',
    permission: 'approve_orders',
    done: 'approved',
    commentRequired: false,
  },
  reject: {
    from: ['submitted'],
    to: 'rejected',
    permission: 'approve_orders',
    done: 'rejected',
    commentRequired: true,
  },
  place: {
    from: ['approved'],
    to: 'placed',
    permission: 'manage_orders',
    done: 'placed',
    commentRequired: false,
  },
  receive: {
    from: ['placed'],
    to: 'received',
    permission: 'manage_orders',
    done: 'received',
    commentRequired: false,
  },
  cancel: {
    from: ['submitted', 'approved'],
    to: 'cancelled',
    permission: 'manage_orders',
    done: 'cancelled',
    commentRequired: false,
  },
};

/** Editing quantities of an order needs manage_orders and is possible only before anyone approved it. */
export const EDIT_ORDER_LINES_PERMISSION: PermissionKey = 'manage_orders';
const EDITABLE_STATUSES: readonly OrderStatus[] = ['submitted'];

/**
 * Who submitted an order may withdraw it without manage_orders while it still waits for approval: a café
 * manager who spots a mistake should not need a district manager to take it back. Once approved, the order
 * is the district's business and only manage_orders may cancel it (decision 006).
 */
export const SELF_CANCEL_PERMISSION: PermissionKey = 'submit_orders';
const SELF_CANCELLABLE_STATUSES: readonly OrderStatus[] = ['submitted'];

export type OrderTransition =
  | { ok: true; from: OrderStatus; to: OrderStatus }
  | { ok: false; reason: string };

function listOf(statuses: readonly OrderStatus[]): string {
  return statuses.length === 1
    ? `${statuses[0]}`
    : `${statuses.slice(0, -1).join(', ')} or ${statuses.at(-1)}`;
}

/** The status an action leads to from `status`, or why it cannot be taken (written for a person). */
export function transitionOrder(status: OrderStatus, action: OrderAction): OrderTransition {
  const rule = ORDER_ACTION_RULES[action];
  if (rule.from.includes(status)) return { ok: true, from: status, to: rule.to };
  if (status === rule.to) return { ok: false, reason: `This order is already ${status}.` };
  return {
    ok: false,
    reason: `Only ${listOf(rule.from)} orders can be ${rule.done}; this order is ${status}.`,
  };
}

export type OrderCheck = { ok: true } | { ok: false; reason: string };

export function checkOrderLinesEditable(status: OrderStatus): OrderCheck {
  if (EDITABLE_STATUSES.includes(status)) return { ok: true };
  return {
    ok: false,
    reason: `Only ${listOf(EDITABLE_STATUSES)} orders can be edited; this order is ${status}.`,
  };
}

/** The permissions of which a user needs at least one to attempt the action at all (the route's gate). */
export function permissionsForAction(action: OrderAction): readonly PermissionKey[] {
  const rule = ORDER_ACTION_RULES[action];
  return action === 'cancel' ? [rule.permission, SELF_CANCEL_PERMISSION] : [rule.permission];
}

export interface OrderActor {
  userId: number;
  permissions: ReadonlySet<PermissionKey>;
}

/**
 * Whether this user may take the action on this order, before the state machine is asked: the action's
 * permission, or for cancel the submitter's own right while the order is still submitted.
 */
export function checkOrderActionPermission(input: {
  action: OrderAction;
  actor: OrderActor;
  status: OrderStatus;
  createdBy: number | null;
}): OrderCheck {
  const rule = ORDER_ACTION_RULES[input.action];
  if (input.actor.permissions.has(rule.permission)) return { ok: true };
  if (input.action === 'cancel' && input.actor.permissions.has(SELF_CANCEL_PERMISSION)) {
    if (input.createdBy !== input.actor.userId) {
      return { ok: false, reason: 'You can cancel only orders you submitted yourself.' };
    }
    if (!SELF_CANCELLABLE_STATUSES.includes(input.status)) {
      return {
        ok: false,
        reason: `You can cancel your own order only while it is ${listOf(SELF_CANCELLABLE_STATUSES)}; this order is ${input.status}. Ask someone who manages orders.`,
      };
    }
    return { ok: true };
  }
  return { ok: false, reason: permissionMessage(`${input.action} orders`) };
}
