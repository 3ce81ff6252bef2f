import type { AppDeps } from '@bff/app-deps.ts';
import { copyOrderToCart } from '@db/use-cases/copy-order-to-cart.ts';
import { correctOrderReceipt } from '@db/use-cases/correct-order-receipt.ts';
import { editOrderLines } from '@db/use-cases/edit-order-lines.ts';
import { receiveOrderLines } from '@db/use-cases/receive-order-lines.ts';
import { submitOrder } from '@db/use-cases/submit-order.ts';
import { transitionOrder } from '@db/use-cases/transition-order.ts';
import { undoOrderReceipt } from '@db/use-cases/undo-order-receipt.ts';
import { orderingEndpoints as api, orderActionEndpointOf } from '@engine/endpoints/ordering-endpoints.ts';
import { ORDER_ACTIONS } from '@engine/order-state-machine.ts';
import { loadCart } from '../cart/load-cart.ts';
import { exportOrdersCsv, listOrders, scopedOrderFilter } from './list-orders.ts';
import { loadOrderDetail } from './order-detail.ts';

/** Orders, their CSV export, Submit Order, Order Management's edits and the state machine's actions. */
export function ordersModule({ db, routes }: AppDeps) {
  const orders = routes()
    .on(api.listOrders, async ({ query, user }) =>
      listOrders(db, await scopedOrderFilter(db, user, query), { limit: query.limit, cursor: query.cursor }),
    )
    .on(api.exportOrders, async ({ query, user, set }) => {
      const csv = await exportOrdersCsv(db, await scopedOrderFilter(db, user, query));
      set.headers['content-type'] = 'text/csv; charset=utf-8';
      set.headers['content-disposition'] =
        `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`;
      return csv;
    })
    .on(api.getOrder, ({ params }) => loadOrderDetail(db, params.id))
    .on(api.submitOrder, async ({ body, headers, user, set }) => {
      const { orderId, created, countStarted } = await submitOrder(db, user, {
        locationId: body.locationId,
        note: body.note,
        idempotencyKey: headers['idempotency-key'],
        expectedLines: body.expectedLines,
      });
      // A repeat of the same key is not a new resource: 200 with the order made the first time.
      set.status = created ? 201 : 200;
      return { order: await loadOrderDetail(db, orderId), startNewCount: countStarted };
    })
    .on(api.copyOrderToCart, async ({ params, user }) => {
      const { locationId, copied, skipped } = await copyOrderToCart(db, user, params.id);
      return { cart: await loadCart(db, locationId), copied, skipped };
    })
    .on(api.editOrderLines, async ({ params, body, user }) => {
      await editOrderLines(db, user, params.id, body);
      return loadOrderDetail(db, params.id);
    })
    .on(api.receiveDelivery, async ({ params, body, user }) => {
      await receiveOrderLines(db, user, params.id, body);
      return loadOrderDetail(db, params.id);
    })
    .on(api.correctReceipt, async ({ params, body, user }) => {
      await correctOrderReceipt(db, user, params.id, body);
      return loadOrderDetail(db, params.id);
    })
    .on(api.undoReceipt, async ({ params, body, user }) => {
      await undoOrderReceipt(db, user, params.id, body);
      return loadOrderDetail(db, params.id);
    });
  for (const action of ORDER_ACTIONS) {
    orders.on(orderActionEndpointOf(action), async ({ params, body, user }) => {
      await transitionOrder(db, user, {
        orderId: params.id,
        action,
        expectedVersion: body.expectedVersion,
        comment: body.comment ?? '',
      });
      return loadOrderDetail(db, params.id);
    });
  }
  return orders.app;
}
