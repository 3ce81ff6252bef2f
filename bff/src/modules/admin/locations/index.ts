import type { AppDeps } from '@bff/app-deps.ts';
import { parseInput } from '@bff/http/parse-input.ts';
import { ADMIN_PANEL } from '@bff/modules/admin/admin-access.ts';
import { parseRecordId } from '@bff/modules/admin/record-id.ts';
import { listAdminDistricts, listAdminLocations } from '@db/repositories/admin-locations.ts';
import {
  type AdminDistrict,
  type AdminLocation,
  createLocationBodySchema,
  districtBodySchema,
  updateLocationBodySchema,
} from '@engine/admin-location-schemas.ts';
import { Elysia } from 'elysia';
import { createDistrict, createLocation, updateDistrict, updateLocationOf } from './location-writes.ts';

export function adminLocationsModule({ db, auth }: AppDeps) {
  return new Elysia()
    .use(auth)
    .get('/api/admin/districts', (): Promise<AdminDistrict[]> => listAdminDistricts(db), {
      auth: ADMIN_PANEL,
    })
    .post(
      '/api/admin/districts',
      async ({ body, user, set }): Promise<AdminDistrict> => {
        const district = await createDistrict(db, user, parseInput(districtBodySchema, body));
        set.status = 201;
        return district;
      },
      { auth: ADMIN_PANEL },
    )
    .patch(
      '/api/admin/districts/:id',
      ({ params, body, user }): Promise<AdminDistrict> =>
        updateDistrict(db, user, parseRecordId(params.id), parseInput(districtBodySchema, body)),
      { auth: ADMIN_PANEL },
    )
    .get('/api/admin/locations', (): Promise<AdminLocation[]> => listAdminLocations(db), {
      auth: ADMIN_PANEL,
    })
    .post(
      '/api/admin/locations',
      async ({ body, user, set }): Promise<AdminLocation> => {
        const location = await createLocation(db, user, parseInput(createLocationBodySchema, body));
        set.status = 201;
        return location;
      },
      { auth: ADMIN_PANEL },
    )
    .patch(
      '/api/admin/locations/:id',
      ({ params, body, user }): Promise<AdminLocation> =>
        updateLocationOf(db, user, parseRecordId(params.id), parseInput(updateLocationBodySchema, body)),
      { auth: ADMIN_PANEL },
    );
}
