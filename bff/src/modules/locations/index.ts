import type { AppDeps } from '@bff/app-deps.ts';
import { listLocationsInScope } from '@db/repositories/locations.ts';
import { referenceEndpoints } from '@engine/endpoints/reference-endpoints.ts';

export function locationsModule({ db, routes }: AppDeps) {
  return routes().on(referenceEndpoints.userLocations, ({ user }) =>
    listLocationsInScope(db, { userId: user.id, role: user.role }),
  ).app;
}
