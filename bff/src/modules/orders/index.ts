import type { AppDeps } from '@bff/app-deps.ts';
import { assertLocationInScope } from '@bff/auth/location-scope.ts';
import { parseInput } from '@bff/http/parse-input.ts';
import { AppError } from '@engine/errors/app-error.ts';
import {
  idempotencyKeySchema,
  type OrderDetail,
  type OrderListResponse,
  orderIdSchema,
  orderLinesEditBodySchema,
  orderTransitionBodySchema,
  type SubmitOrderResponse,
  submitOrderBodySchema,
} from '@engine/order-schemas.ts';
import {
  EDIT_ORDER_LINES_PERMISSION,
  ORDER_ACTION_RULES,
  ORDER_ACTIONS,
  permissionsForAction,
} from '@engine/order-state-machine.ts';
import { Elysia } from 'elysia';
import { editOrderLines } from './edit-order-lines.ts';
import { exportOrdersCsv, listOrders, parseOrderListQuery, scopedOrderFilter } from './list-orders.ts';
import { loadOrderInScope, READ_ORDERS, SUBMIT_ORDERS } from './order-access.ts';
import { loadOrderDetail } from './order-detail.ts';
import { submitOrder } from './submit-order.ts';
import { applyOrderTransition } from './transition-order.ts';

export function ordersModule({ db, auth }: AppDeps) {
  const app = new Elysia()
    .use(auth)
    .get(
      '/api/orders',
      async ({ query, user }): Promise<OrderListResponse> => {
        const filters = parseOrderListQuery(query);
        return listOrders(db, await scopedOrderFilter(db, user, filters), filters.limit);
      },
      { auth: READ_ORDERS },
    )
    .get(
      '/api/orders/export.csv',
      async ({ query, user, set }): Promise<string> => {
        const filters = parseOrderListQuery(query);
        const csv = await exportOrdersCsv(db, await scopedOrderFilter(db, user, filters));
        set.headers['content-type'] = 'text/csv; charset=utf-8';
        set.headers['content-disposition'] =
          `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`;
        return csv;
      },
      { auth: READ_ORDERS },
    )
    .get(
      '/api/orders/:id',
      async ({ params, user }): Promise<OrderDetail> => {
        const orderId = parseInput(orderIdSchema, params.id);
        await loadOrderInScope(db, user, orderId);
        return loadOrderDetail(db, orderId);
      },
      { auth: READ_ORDERS },
    )
    .post(
      '/api/orders',
      async ({ body, headers, user, set }): Promise<SubmitOrderResponse> => {
        const { locationId, note } = parseInput(submitOrderBodySchema, body);
        await assertLocationInScope(db, user, locationId);
        const idempotencyKey = parseInput(idempotencyKeySchema, headers['idempotency-key']);
        const { orderId, created } = await submitOrder(db, {
          actorId: user.id,
          locationId,
          note,
          idempotencyKey,
        });
        // A repeat of the same key is not a new resource: 200 with the order made the first time.
        set.status = created ? 201 : 200;
        return { order: await loadOrderDetail(db, orderId), startNewCount: true };
      },
      { auth: SUBMIT_ORDERS },
    )
    .patch(
      '/api/orders/:id/lines',
      async ({ params, body, user }): Promise<OrderDetail> => {
        const orderId = parseInput(orderIdSchema, params.id);
        const edit = parseInput(orderLinesEditBodySchema, body);
        await editOrderLines(db, user, orderId, edit);
        return loadOrderDetail(db, orderId);
      },
      { auth: { anyOf: [EDIT_ORDER_LINES_PERMISSION], to: 'edit orders' } },
    );

  // One route per action, so each is gated by its own permission and listed in the authorisation matrix.
  for (const action of ORDER_ACTIONS) {
    app.post(
      `/api/orders/:id/${action}`,
      async ({ params, body, user }): Promise<OrderDetail> => {
        const orderId = parseInput(orderIdSchema, params.id);
        const { comment, expectedVersion } = parseInput(orderTransitionBodySchema, body);
        if (ORDER_ACTION_RULES[action].commentRequired && !comment) {
          throw AppError.validation(
            `Add a comment saying why the order is ${ORDER_ACTION_RULES[action].done}.`,
            [{ path: 'comment', message: 'A comment is required' }],
          );
        }
        await applyOrderTransition(db, user, { orderId, action, expectedVersion, comment: comment ?? '' });
        return loadOrderDetail(db, orderId);
      },
      { auth: { anyOf: permissionsForAction(action), to: `${action} orders` } },
    );
  }
  return app;
}
