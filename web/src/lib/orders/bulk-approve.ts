import { orderingEndpoints as api } from '@engine/endpoints/ordering-endpoints.ts';
import type { BulkApprovalResponse } from '@engine/order-schemas.ts';
import { call } from '@web/lib/api-client.ts';
import type { WriteTold } from '@web/lib/offline/waiting-writes.ts';
import { orderWrite, useOrderWrite } from './order-write.ts';

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

export const BULK_APPROVE = orderWrite('bulk-approve', bulkApprove, { once: true });

export const useBulkApprove = (told: WriteTold) => useOrderWrite(BULK_APPROVE, told);
