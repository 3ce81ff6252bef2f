import { Elysia } from 'elysia';
import {
  type ApprovalsResponse,
  approvalsQuerySchema,
  type BulkApprovalResponse,
  bulkApprovalBodySchema,
} from '../../../../engine/src/order-schemas.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AccessRule } from '../../auth/current-user.ts';
import { assertLocationInScope } from '../../auth/location-scope.ts';
import { parseInput } from '../../http/parse-input.ts';
import { locationIdsInScope } from '../orders/order-access.ts';
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
