import type { AppDeps } from '@bff/app-deps.ts';
import { locationIdsInScope } from '@bff/modules/orders/locations-in-scope.ts';
import { summariseSubmittedOrders } from '@db/repositories/order-reads.ts';
import { bulkApprove } from '@db/use-cases/bulk-approve.ts';
import { orderingEndpoints as api } from '@engine/endpoints/ordering-endpoints.ts';
import { loadApprovalQueue } from './approval-queue.ts';

/** Approvals: the queue of submitted orders, what waits in it counted for the home screen, and bulk approval. */
export function approvalsModule({ db, routes }: AppDeps) {
  return routes()
    .on(api.listApprovals, async ({ query, user }) =>
      // A named location was checked by the route; without one the queue covers every café of the user.
      loadApprovalQueue(
        db,
        query.locationId === undefined ? await locationIdsInScope(db, user) : [query.locationId],
      ),
    )
    .on(api.approvalsSummary, async ({ user }) =>
      summariseSubmittedOrders(db, await locationIdsInScope(db, user)),
    )
    .on(api.bulkApprove, ({ body, user }) => bulkApprove(db, user, body)).app;
}
