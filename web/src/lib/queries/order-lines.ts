import { type OrderDetail, type OrderLinesEditBody, orderDetailSchema } from '@engine/order-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestJson } from '@web/lib/api-request.ts';
import { APPROVALS_URL } from './approvals.ts';
import { ORDERS_URL } from './orders.ts';

export interface EditOrderLinesInput extends OrderLinesEditBody {
  orderId: number;
}

/** Changes quantities of a submitted order (0 removes a line); guarded by the order's version. */
export async function editOrderLines({ orderId, ...body }: EditOrderLinesInput): Promise<OrderDetail> {
  const answer = await apiRequestJson('PATCH', `${ORDERS_URL}/${orderId}/lines`, body, { retries: 0 });
  return orderDetailSchema.parse(answer);
}

export function useEditOrderLines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [ORDERS_URL, 'lines'],
    mutationFn: editOrderLines,
    retry: false,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [ORDERS_URL] }),
        queryClient.invalidateQueries({ queryKey: [APPROVALS_URL] }),
      ]),
  });
}
