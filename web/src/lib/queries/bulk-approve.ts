import { type BulkApprovalResponse, bulkApprovalResponseSchema } from '@engine/order-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestJson } from '@web/lib/api-request.ts';
import { APPROVALS_URL } from './approvals.ts';
import { ORDERS_URL } from './orders.ts';

export const BULK_APPROVE_URL = `${APPROVALS_URL}/bulk`;

export interface BulkApproveInput {
  /** Order id → the version the approver reviewed; an order changed since is reported, not approved. */
  orders: readonly { id: number; version: number }[];
  comment?: string;
}

/** Approves several orders, each on its own; the answer reports every order's result. */
export async function bulkApprove(input: BulkApproveInput): Promise<BulkApprovalResponse> {
  const comment = input.comment?.trim();
  const answer = await apiRequestJson(
    'POST',
    BULK_APPROVE_URL,
    {
      action: 'approve',
      orderIds: input.orders.map((order) => order.id),
      expectedVersions: Object.fromEntries(input.orders.map((order) => [String(order.id), order.version])),
      ...(comment ? { comment } : {}),
    },
    { retries: 0 },
  );
  return bulkApprovalResponseSchema.parse(answer);
}

export function useBulkApprove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [BULK_APPROVE_URL],
    mutationFn: bulkApprove,
    retry: false,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [ORDERS_URL] }),
        queryClient.invalidateQueries({ queryKey: [APPROVALS_URL] }),
      ]),
  });
}
