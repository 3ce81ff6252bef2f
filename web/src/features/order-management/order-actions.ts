import {
  checkOrderLinesEditable,
  ORDER_ACTION_RULES,
  ORDER_ACTIONS,
  type OrderAction,
  type OrderStatus,
} from '@engine/order-state-machine.ts';

/** The statuses Order Management works on: everything between submission and delivery. */
export const MANAGED_STATUSES = ['submitted', 'approved', 'placed'] as const satisfies readonly OrderStatus[];
export type ManagedStatus = (typeof MANAGED_STATUSES)[number];

/** Approving and rejecting belong to Approvals; this screen takes the manage_orders actions. */
export type ManageAction = Exclude<OrderAction, 'approve' | 'reject'>;

export interface ManageActionText {
  button: string;
  title: (number: string) => string;
  message: string;
  confirm: string;
  destructive: boolean;
}

export const MANAGE_ACTION_TEXT: Readonly<Record<ManageAction, ManageActionText>> = {
  place: {
    button: 'Mark placed',
    title: (number) => `Mark order ${number} placed?`,
    message:
      'Record that the order has been sent to its vendors (the order’s By vendor view lists each one’s lines).',
    confirm: 'Mark placed',
    destructive: false,
  },
  receive: {
    button: 'Receive',
    title: (number) => `Receive order ${number}?`,
    message:
      'Record that the whole order arrived. To receive one vendor’s delivery, open the order’s By vendor view. Receiving does not change any counts.',
    confirm: 'Receive order',
    destructive: false,
  },
  cancel: {
    button: 'Cancel order',
    title: (number) => `Cancel order ${number}?`,
    message: 'The order will not be placed. This cannot be undone.',
    confirm: 'Cancel order',
    destructive: true,
  },
};

/** What the state machine allows from `status` among this screen's actions, in the order they happen. */
export function manageActionsFor(status: OrderStatus): ManageAction[] {
  return ORDER_ACTIONS.filter(
    (action): action is ManageAction =>
      action !== 'approve' && action !== 'reject' && ORDER_ACTION_RULES[action].from.includes(status),
  );
}

export function canEditLines(status: OrderStatus): boolean {
  return checkOrderLinesEditable(status).ok;
}

/** The dialog's message for this order: receiving after some deliveries receives only what is still to come. */
export function manageActionMessage(
  action: ManageAction,
  order: { lineCount: number; receivedLineCount: number },
): string {
  const rest = order.lineCount - order.receivedLineCount;
  if (action !== 'receive' || order.receivedLineCount === 0 || rest <= 0)
    return MANAGE_ACTION_TEXT[action].message;
  return `Record that the rest of the order arrived: the ${rest === 1 ? 'line' : `${rest} lines`} not yet received (${order.receivedLineCount} already are). Receiving does not change any counts.`;
}
