import { adminEndpoints } from './admin-endpoints.ts';
import { countingEndpoints } from './counting-endpoints.ts';
import { credentialEndpoints } from './credential-endpoints.ts';
import { docsEndpoints } from './docs-endpoints.ts';
import type { EndpointSpec } from './endpoint.ts';
import { inventoryManagementEndpoints } from './inventory-management-endpoints.ts';
import { opsEndpoints } from './ops-endpoints.ts';
import { orderingEndpoints } from './ordering-endpoints.ts';
import { referenceEndpoints } from './reference-endpoints.ts';
import { reportEndpoints } from './report-endpoints.ts';
import { sessionEndpoints } from './session-endpoints.ts';
import { squareEndpoints } from './square-endpoints.ts';

/** Every `/api` route of Parstock, by area. The server mounts each, the client calls each, the reference lists each. */
export const endpointsByArea = {
  session: sessionEndpoints,
  credentials: credentialEndpoints,
  reference: referenceEndpoints,
  counting: countingEndpoints,
  ordering: orderingEndpoints,
  admin: adminEndpoints,
  square: squareEndpoints,
  docs: docsEndpoints,
  ops: opsEndpoints,
  inventoryManagement: inventoryManagementEndpoints,
  reports: reportEndpoints,
} as const;

export const ALL_ENDPOINTS: readonly EndpointSpec[] = Object.values(endpointsByArea).flatMap(
  (area) => Object.values(area) as EndpointSpec[],
);
