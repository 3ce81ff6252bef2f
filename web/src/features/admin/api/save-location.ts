import {
  type AdminLocation,
  adminLocationSchema,
  type CreateLocationBody,
  type UpdateLocationBody,
} from '@engine/admin-location-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userLocationsQueryKey } from '@web/lib/shared-reads/user-locations.ts';
import { adminDistrictsQueryKey } from './admin-districts.ts';
import { ADMIN_LOCATIONS_URL, adminLocationsQueryKey } from './admin-locations.ts';
import { adminUsersQueryKey } from './admin-users.ts';
import { sendParsed } from './send-parsed.ts';

export type SaveLocationInput =
  | { id: null; body: CreateLocationBody }
  | { id: number; body: UpdateLocationBody };

/** POST /api/admin/locations, or PATCH /api/admin/locations/:id. */
export function saveLocation(input: SaveLocationInput): Promise<AdminLocation> {
  return input.id === null
    ? sendParsed('POST', ADMIN_LOCATIONS_URL, input.body, adminLocationSchema)
    : sendParsed('PATCH', `${ADMIN_LOCATIONS_URL}/${input.id}`, input.body, adminLocationSchema);
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
