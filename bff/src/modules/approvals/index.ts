import type { AppDeps } from '@bff/app-deps.ts';
import type { AccessRule } from '@bff/auth/current-user.ts';
import { assertLocationInScope } from '@bff/auth/location-scope.ts';
import { parseInput } from '@bff/http/parse-input.ts';
import { locationIdsInScope } from '@bff/modules/orders/order-access.ts';
import {
  type ApprovalsResponse,
  approvalsQuerySchema,
  type BulkApprovalResponse,
  bulkApprovalBodySchema,
} from '@engine/order-schemas.ts';
import { Elysia } from 'elysia';
import { loadApprovalQueue } from './approval-queue.ts';
import { bulkApprove } from './bulk-approve.ts';

const APPROVE_ORDERS = { anyOf: ['approve_orders'], to: 'approve orders' } as const satisfies AccessRule;

export function approvalsModule({ db, auth }: AppDeps) {
  return new Elysia()
    .use(auth)
    .get(
      '/api/approvals',
      async ({ query, user }): Promise<ApprovalsResponse> => {
        const { locationId } = parseInput(approvalsQuerySchema, {
          locationId: query.locationId || undefined,
        });
        if (locationId !== undefined) {
          await assertLocationInScope(db, user, locationId);
          return loadApprovalQueue(db, [locationId]);
        }
        return loadApprovalQueue(db, await locationIdsInScope(db, user));
      },
      { auth: APPROVE_ORDERS },
    )
    .post(
      '/api/approvals/bulk',
      async ({ body, user }): Promise<BulkApprovalResponse> =>
        bulkApprove(db, user, parseInput(bulkApprovalBodySchema, body)),
      { auth: APPROVE_ORDERS },
    );
}
