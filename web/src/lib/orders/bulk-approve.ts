import { orderingEndpoints as api } from '@engine/endpoints/ordering-endpoints.ts';
import {
  BULK_APPROVAL_MAX,
  type BulkApprovalResponse,
  type BulkApprovalResult,
} from '@engine/order-schemas.ts';
import { call } from '@web/lib/api-client.ts';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import type { WriteTold } from '@web/lib/offline/waiting-writes.ts';
import { orderWrite, useOrderWrite } from './order-write.ts';

export interface BulkApproveInput {
  /** Order id → the version the approver reviewed; an order changed since is reported, not approved. */
  orders: readonly { id: number; version: number }[];
  comment?: string;
}

type Part = BulkApproveInput['orders'];

function sendPart(orders: Part, comment: string | undefined): Promise<BulkApprovalResponse> {
  return call(
    api.bulkApprove,
    {
      body: {
        action: 'approve',
        orderIds: orders.map((order) => order.id),
        expectedVersions: Object.fromEntries(orders.map((order) => [String(order.id), order.version])),
        ...(comment ? { comment } : {}),
      },
    },
    { retries: 0 },
  );
}

/**
 * Approves several orders, each on its own; the answer reports every order's result. A selection longer than one
 * request may name (a district's "Select all" on a busy morning) goes in parts, one after the other. When a later
 * part gets no answer, the orders approved before it stay approved and are reported so; the part's orders and those
 * after it are reported as not sent, with the reason, so the person sees exactly what is still waiting.
 */
export async function bulkApprove(
  input: BulkApproveInput,
  send: (orders: Part, comment: string | undefined) => Promise<BulkApprovalResponse> = sendPart,
): Promise<BulkApprovalResponse> {
  const comment = input.comment?.trim() || undefined;
  const results: BulkApprovalResult[] = [];
  for (let start = 0; start < input.orders.length; start += BULK_APPROVAL_MAX) {
    const part = input.orders.slice(start, start + BULK_APPROVAL_MAX);
    try {
      results.push(...(await send(part, comment)).results);
    } catch (error) {
      // Nothing answered at all: the screen says nothing was approved, as for a single request.
      if (start === 0) throw error;
      const reason = errorMessageForPerson(error, 'Try again in a moment.');
      for (const order of input.orders.slice(start))
        results.push({
          orderId: order.id,
          ok: false,
          status: 503,
          code: 'not_sent',
          message: `Not sent: ${reason}`,
        });
      break;
    }
  }
  const approved = results.filter((result) => result.ok).length;
  return { results, approved, failed: results.length - approved };
}

export const BULK_APPROVE = orderWrite('bulk-approve', (input: BulkApproveInput) => bulkApprove(input), {
  once: true,
});

export const useBulkApprove = (told: WriteTold) => useOrderWrite(BULK_APPROVE, told);
