import { orderingEndpoints as api } from '@engine/endpoints/ordering-endpoints.ts';
import type { OrderDetail, OrderLinesEditBody } from '@engine/order-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { invalidateOrders } from '@web/lib/orders/order-queries.ts';

export interface EditOrderLinesInput extends OrderLinesEditBody {
  orderId: number;
}

/** Changes quantities of a submitted order (0 removes a line); guarded by the order's version. */
export function editOrderLines({ orderId, ...body }: EditOrderLinesInput): Promise<OrderDetail> {
  return call(api.editOrderLines, { params: { id: orderId }, body }, { retries: 0 });
}

export function useEditOrderLines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editOrderLines,
    retry: false,
    onSettled: () => invalidateOrders(queryClient),
  });
}
