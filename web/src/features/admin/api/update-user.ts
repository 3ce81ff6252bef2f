import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';
import type { AdminUser, UpdateUserBody } from '@engine/user-admin-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { userLocationsQueryKey } from '@web/lib/shared-reads/user-locations.ts';
import { adminUsersQueryKey } from './admin-users.ts';

/** Names, role, places or active (deactivating ends their sessions at once). */
export function updateUser({ id, change }: { id: number; change: UpdateUserBody }): Promise<AdminUser> {
  return call(adminEndpoints.updateUser, { params: { id }, body: change }, { retries: 0 });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
        // The admin may have changed their own places.
        queryClient.invalidateQueries({ queryKey: userLocationsQueryKey }),
      ]);
    },
  });
}
