import type {
  AdminLocation,
  CreateLocationBody,
  UpdateLocationBody,
} from '@engine/admin-location-schemas.ts';
import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { userLocationsQueryKey } from '@web/lib/shared-reads/user-locations.ts';
import { adminDistrictsQueryKey } from './admin-districts.ts';
import { adminLocationsQueryKey } from './admin-locations.ts';
import { adminUsersQueryKey } from './admin-users.ts';

export type SaveLocationInput =
  | { id: null; body: CreateLocationBody }
  | { id: number; body: UpdateLocationBody };

/** Creates a location, or changes one. */
export function saveLocation(input: SaveLocationInput): Promise<AdminLocation> {
  return input.id === null
    ? call(adminEndpoints.createLocation, { body: input.body }, { retries: 0 })
    : call(adminEndpoints.updateLocation, { params: { id: input.id }, body: input.body }, { retries: 0 });
}

export function useSaveLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLocation,
    onSuccess: async () => {
      await Promise.all(
        [adminLocationsQueryKey, adminDistrictsQueryKey, adminUsersQueryKey, userLocationsQueryKey].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
