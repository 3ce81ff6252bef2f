import { orderingEndpoints as api } from '@engine/endpoints/ordering-endpoints.ts';
import type { BulkApprovalResponse } from '@engine/order-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { invalidateOrders } from '@web/lib/orders/order-queries.ts';

export interface BulkApproveInput {
  /** Order id → the version the approver reviewed; an order changed since is reported, not approved. */
  orders: readonly { id: number; version: number }[];
  comment?: string;
}

/** Approves several orders, each on its own; the answer reports every order's result. */
export function bulkApprove(input: BulkApproveInput): Promise<BulkApprovalResponse> {
  const comment = input.comment?.trim();
  return call(
    api.bulkApprove,
    {
      body: {
        action: 'approve',
        orderIds: input.orders.map((order) => order.id),
        expectedVersions: Object.fromEntries(input.orders.map((order) => [String(order.id), order.version])),
        ...(comment ? { comment } : {}),
      },
    },
    { retries: 0 },
  );
}

export function useBulkApprove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkApprove,
    retry: false,
    onSettled: () => invalidateOrders(queryClient),
  });
}
