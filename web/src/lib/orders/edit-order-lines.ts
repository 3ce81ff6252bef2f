import { orderingEndpoints as api } from '@engine/endpoints/ordering-endpoints.ts';
import type { OrderDetail, OrderLinesEditBody } from '@engine/order-schemas.ts';
import { call } from '@web/lib/api-client.ts';
import type { WriteTold } from '@web/lib/offline/waiting-writes.ts';
import { orderWrite, useOrderWrite } from './order-write.ts';

export interface EditOrderLinesInput extends OrderLinesEditBody {
  orderId: number;
}

/** Changes quantities of a submitted order (0 removes a line); guarded by the order's version. */
export function editOrderLines({ orderId, ...body }: EditOrderLinesInput): Promise<OrderDetail> {
  return call(api.editOrderLines, { params: { id: orderId }, body }, { retries: 0 });
}

export const EDIT_ORDER_LINES = orderWrite('edit-order-lines', editOrderLines, { once: true });

export const useEditOrderLines = (told: WriteTold) => useOrderWrite(EDIT_ORDER_LINES, told);
