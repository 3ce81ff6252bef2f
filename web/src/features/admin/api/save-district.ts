import {
  type AdminDistrict,
  adminDistrictSchema,
  type DistrictBody,
} from '@engine/admin-location-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_DISTRICTS_URL, adminDistrictsQueryKey } from './admin-districts.ts';
import { adminLocationsQueryKey } from './admin-locations.ts';
import { sendParsed } from './send-parsed.ts';

/** POST /api/admin/districts, or PATCH /api/admin/districts/:id to rename one. */
export function saveDistrict({
  id,
  body,
}: {
  id: number | null;
  body: DistrictBody;
}): Promise<AdminDistrict> {
  return id === null
    ? sendParsed('POST', ADMIN_DISTRICTS_URL, body, adminDistrictSchema)
    : sendParsed('PATCH', `${ADMIN_DISTRICTS_URL}/${id}`, body, adminDistrictSchema);
}

export function useSaveDistrict() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDistrict,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminDistrictsQueryKey }),
        // Locations carry their district's name.
        queryClient.invalidateQueries({ queryKey: adminLocationsQueryKey }),
      ]);
    },
  });
}
