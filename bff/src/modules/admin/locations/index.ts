import type { AppDeps } from '@bff/app-deps.ts';
import { listAdminDistricts, listAdminLocations } from '@db/repositories/admin-locations.ts';
import { createDistrict } from '@db/use-cases/create-district.ts';
import { createLocation } from '@db/use-cases/create-location.ts';
import { updateDistrict } from '@db/use-cases/update-district.ts';
import { updateLocation } from '@db/use-cases/update-location.ts';
import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';

/** Districts and locations of the chain. */
export function adminLocationsModule({ db, routes }: AppDeps) {
  return routes()
    .on(adminEndpoints.listDistricts, () => listAdminDistricts(db))
    .on(adminEndpoints.createDistrict, ({ body, user }) => createDistrict(db, user, body))
    .on(adminEndpoints.updateDistrict, ({ params, body, user }) => updateDistrict(db, user, params.id, body))
    .on(adminEndpoints.listLocations, () => listAdminLocations(db))
    .on(adminEndpoints.createLocation, ({ body, user }) => createLocation(db, user, body))
    .on(adminEndpoints.updateLocation, ({ params, body, user }) => updateLocation(db, user, params.id, body))
    .app;
}
