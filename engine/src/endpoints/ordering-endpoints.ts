import {
  cartItemsBodySchema,
  cartNoteBodySchema,
  cartParamsSchema,
  cartSchema,
  copyOrderToCartResponseSchema,
  suggestCartQuerySchema,
} from '../cart-schemas.ts';
import {
  approvalsQuerySchema,
  approvalsResponseSchema,
  approvalsSummarySchema,
  bulkApprovalBodySchema,
  bulkApprovalResponseSchema,
  correctReceiptBodySchema,
  orderDetailSchema,
  orderExportQuerySchema,
  orderIdParamsSchema,
  orderLinesEditBodySchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderTransitionBodySchema,
  receiveOrderLinesBodySchema,
  submitOrderBodySchema,
  submitOrderHeadersSchema,
  submitOrderResponseSchema,
  undoReceiptBodySchema,
} from '../order-schemas.ts';
import {
  EDIT_ORDER_LINES_PERMISSION,
  ORDER_ACTION_RULES,
  ORDER_ACTIONS,
  type OrderAction,
  permissionsForAction,
} from '../order-state-machine.ts';
import { BATCH_BODY_LIMIT } from './body-limits.ts';
import { type AccessRule, defineEndpoint } from './endpoint.ts';

const BUILD_SHOPPING_LISTS = {
  anyOf: ['submit_orders'],
  to: 'build shopping lists',
} as const satisfies AccessRule;
/**
 * Seeing orders: view_orders, and also whoever acts on orders (manage_orders, approve_orders) — a role set
 * up to approve or manage orders cannot do that job without seeing them.
 */
const READ_ORDERS = {
  anyOf: ['view_orders', 'manage_orders', 'approve_orders'],
  to: 'view orders',
} as const satisfies AccessRule;
const APPROVE_ORDERS = { anyOf: ['approve_orders'], to: 'approve orders' } as const satisfies AccessRule;

const CART_LOCATION = { kind: 'location', in: 'params', field: 'locationId' } as const;
const ORDER_RECORD = { kind: 'record', record: 'order', field: 'id' } as const;

/** Shopping List and View Cart: one cart per location. */
const cartEndpoints = {
  getCart: defineEndpoint({
    method: 'GET',
    path: '/api/cart/:locationId',
    summary: 'The shopping list of a location, by line, with its note and totals.',
    params: cartParamsSchema,
    response: cartSchema,
    errors: [],
    // Requirements §6: View Cart needs no permission; staff see, read-only, what will be ordered for their café.
    access: 'signed-in',
    scope: CART_LOCATION,
  }),
  suggestCart: defineEndpoint({
    method: 'POST',
    path: '/api/cart/:locationId/suggest',
    summary: 'Suggest Orders: replace the list with PAR minus the completed count.',
    params: cartParamsSchema,
    query: suggestCartQuerySchema,
    response: cartSchema,
    errors: ['count_not_completed', 'count_already_ordered'],
    access: BUILD_SHOPPING_LISTS,
    scope: CART_LOCATION,
  }),
  saveCartItems: defineEndpoint({
    method: 'PUT',
    path: '/api/cart/:locationId/items',
    summary: 'Autosave a batch of quantities (0 or null removes a line); per product the last change wins.',
    params: cartParamsSchema,
    body: cartItemsBodySchema,
    bodyLimit: BATCH_BODY_LIMIT,
    response: cartSchema,
    errors: ['products_not_orderable'],
    access: BUILD_SHOPPING_LISTS,
    scope: CART_LOCATION,
  }),
  saveCartNote: defineEndpoint({
    method: 'PUT',
    path: '/api/cart/:locationId/note',
    summary: 'Save the note that goes with the next order.',
    params: cartParamsSchema,
    body: cartNoteBodySchema,
    response: cartSchema,
    errors: [],
    access: BUILD_SHOPPING_LISTS,
    scope: CART_LOCATION,
  }),
  clearCart: defineEndpoint({
    method: 'DELETE',
    path: '/api/cart/:locationId',
    summary: 'Clear Shopping List: remove every line and end the suggested state; the note stays.',
    params: cartParamsSchema,
    response: cartSchema,
    errors: [],
    access: BUILD_SHOPPING_LISTS,
    scope: CART_LOCATION,
  }),
};

/** Orders and Order Management. */
const orderEndpoints = {
  listOrders: defineEndpoint({
    method: 'GET',
    path: '/api/orders',
    summary:
      "Orders of the user's cafés, newest first, filtered by status, location and days; older pages by `cursor`.",
    query: orderListQuerySchema,
    response: orderListResponseSchema,
    errors: [],
    access: READ_ORDERS,
    // The list narrows itself to the user's cafés; a location filter is checked like any location.
    scope: { kind: 'location', in: 'query', field: 'locationId', optional: true },
  }),
  exportOrders: defineEndpoint({
    method: 'GET',
    path: '/api/orders/export.csv',
    summary: 'Every order the same filters list (no cursor), one CSV row per order line.',
    query: orderExportQuerySchema,
    response: 'csv',
    errors: [],
    access: READ_ORDERS,
    scope: { kind: 'location', in: 'query', field: 'locationId', optional: true },
  }),
  getOrder: defineEndpoint({
    method: 'GET',
    path: '/api/orders/:id',
    summary: 'One order with its lines and history.',
    params: orderIdParamsSchema,
    response: orderDetailSchema,
    errors: [],
    access: READ_ORDERS,
    scope: ORDER_RECORD,
  }),
  submitOrder: defineEndpoint({
    method: 'POST',
    path: '/api/orders',
    summary:
      'Submit the cart of a location as an order; a repeated Idempotency-Key answers the order made first (200).',
    body: submitOrderBodySchema,
    headers: submitOrderHeadersSchema,
    response: submitOrderResponseSchema,
    status: 201,
    errors: [
      'idempotency_key_reused',
      'cart_empty',
      'cart_changed',
      'count_not_completed',
      'products_not_orderable',
    ],
    access: { anyOf: ['submit_orders'], to: 'submit orders' },
    scope: { kind: 'location', in: 'body', field: 'locationId' },
  }),
  copyOrderToCart: defineEndpoint({
    method: 'POST',
    path: '/api/orders/:id/copy-to-cart',
    summary:
      "Put an order's lines back on its café's shopping list, each setting its product's quantity; products no longer ordered there are left out and named.",
    params: orderIdParamsSchema,
    response: copyOrderToCartResponseSchema,
    errors: ['products_not_orderable'],
    access: BUILD_SHOPPING_LISTS,
    scope: ORDER_RECORD,
  }),
  editOrderLines: defineEndpoint({
    method: 'PATCH',
    path: '/api/orders/:id/lines',
    summary: 'Change quantities of a submitted order (0 removes a line), guarded by its version.',
    params: orderIdParamsSchema,
    body: orderLinesEditBodySchema,
    bodyLimit: BATCH_BODY_LIMIT,
    response: orderDetailSchema,
    errors: ['order_changed', 'invalid_transition'],
    access: { anyOf: [EDIT_ORDER_LINES_PERMISSION], to: 'edit orders' },
    scope: ORDER_RECORD,
  }),
  receiveDelivery: defineEndpoint({
    method: 'POST',
    path: '/api/orders/:id/deliveries',
    summary:
      'Receive one delivery of a placed order (usually one vendor’s lines); the order is received with its last line. A delivery received before is not received again.',
    params: orderIdParamsSchema,
    body: receiveOrderLinesBodySchema,
    bodyLimit: BATCH_BODY_LIMIT,
    response: orderDetailSchema,
    errors: ['invalid_transition'],
    access: { anyOf: permissionsForAction('receive'), to: 'receive orders' },
    scope: ORDER_RECORD,
  }),
  correctReceipt: defineEndpoint({
    method: 'PATCH',
    path: '/api/orders/:id/deliveries',
    summary:
      'Correct what came on lines received before: each keeps its delivery and time, with the quantity given. A quantity already recorded changes nothing.',
    params: orderIdParamsSchema,
    body: correctReceiptBodySchema,
    bodyLimit: BATCH_BODY_LIMIT,
    response: orderDetailSchema,
    errors: [],
    access: { anyOf: permissionsForAction('receive'), to: 'correct deliveries' },
    scope: ORDER_RECORD,
  }),
  undoReceipt: defineEndpoint({
    method: 'POST',
    path: '/api/orders/:id/deliveries/undo',
    summary:
      'Undo a delivery received by mistake, named by the step that received it (a line’s receiptId): its lines are to come again, and an order it completed is placed again. An undo already done changes nothing.',
    params: orderIdParamsSchema,
    body: undoReceiptBodySchema,
    response: orderDetailSchema,
    errors: [],
    access: { anyOf: permissionsForAction('receive'), to: 'undo deliveries' },
    scope: ORDER_RECORD,
  }),
};

function orderActionEndpoint<A extends OrderAction>(action: A) {
  return defineEndpoint({
    method: 'POST',
    path: `/api/orders/:id/${action}` as `/api/orders/:id/${A}`,
    summary: `${action[0]?.toUpperCase()}${action.slice(1)} an order (${ORDER_ACTION_RULES[action].from.join(' or ')} → ${ORDER_ACTION_RULES[action].to}), guarded by its version.`,
    params: orderIdParamsSchema,
    body: orderTransitionBodySchema,
    response: orderDetailSchema,
    errors: ['order_changed', 'invalid_transition'],
    // One route per action, so each is gated by its own permission and listed in the authorisation matrix.
    access: { anyOf: permissionsForAction(action), to: `${action} orders` },
    scope: ORDER_RECORD,
  });
}

type OrderActionEndpoints = {
  [A in OrderAction as `${A}Order`]: ReturnType<typeof orderActionEndpoint<A>>;
};

/** One endpoint per action of the order state machine: approveOrder, rejectOrder, placeOrder, … */
export const orderActionEndpoints = Object.fromEntries(
  ORDER_ACTIONS.map((action) => [`${action}Order`, orderActionEndpoint(action)]),
) as OrderActionEndpoints;

/** The endpoint of one action, for code that holds the action as a value. */
export function orderActionEndpointOf(
  action: OrderAction,
): ReturnType<typeof orderActionEndpoint<OrderAction>> {
  return orderActionEndpoints[`${action}Order`];
}

/** Approvals. */
const approvalEndpoints = {
  listApprovals: defineEndpoint({
    method: 'GET',
    path: '/api/approvals',
    summary:
      "Submitted orders of the user's cafés, oldest first, each line with its previous quantity and flags.",
    query: approvalsQuerySchema,
    response: approvalsResponseSchema,
    errors: [],
    access: APPROVE_ORDERS,
    scope: { kind: 'location', in: 'query', field: 'locationId', optional: true },
  }),
  approvalsSummary: defineEndpoint({
    method: 'GET',
    path: '/api/approvals/summary',
    summary:
      "How many submitted orders wait across the user's cafés, at how many cafés, their total and the oldest's time.",
    response: approvalsSummarySchema,
    errors: [],
    access: APPROVE_ORDERS,
    scope: { kind: 'filtered' },
  }),
  bulkApprove: defineEndpoint({
    method: 'POST',
    path: '/api/approvals/bulk',
    summary:
      'Approve several orders, each on its own; the answer reports every order (outside scope: not found).',
    body: bulkApprovalBodySchema,
    response: bulkApprovalResponseSchema,
    errors: [],
    access: APPROVE_ORDERS,
    scope: { kind: 'filtered' },
  }),
};

/** Shopping List cart, View Cart, Orders, Order Management and Approvals. */
export const orderingEndpoints = {
  ...cartEndpoints,
  ...orderEndpoints,
  ...orderActionEndpoints,
  ...approvalEndpoints,
};
