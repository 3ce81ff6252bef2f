import type { AdminDistrict, DistrictBody, RenameDistrictBody } from '@engine/admin-location-schemas.ts';
import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { adminDistrictsQueryKey } from './admin-districts.ts';
import { adminLocationsQueryKey } from './admin-locations.ts';

/** Creates a district, or renames one. */
export function saveDistrict(
  input: { id: null; body: DistrictBody } | { id: number; body: RenameDistrictBody },
): Promise<AdminDistrict> {
  return input.id === null
    ? call(adminEndpoints.createDistrict, { body: input.body }, { retries: 0 })
    : call(adminEndpoints.updateDistrict, { params: { id: input.id }, body: input.body }, { retries: 0 });
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
