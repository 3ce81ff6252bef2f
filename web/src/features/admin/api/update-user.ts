import { type AdminUser, adminUserSchema, type UpdateUserBody } from '@engine/user-admin-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userLocationsQueryKey } from '@web/lib/shared-reads/user-locations.ts';
import { ADMIN_USERS_URL, adminUsersQueryKey } from './admin-users.ts';
import { sendParsed } from './send-parsed.ts';

/** PATCH /api/admin/users/:id: names, role, places or active (deactivating ends their sessions at once). */
export function updateUser({ id, change }: { id: number; change: UpdateUserBody }): Promise<AdminUser> {
  return sendParsed('PATCH', `${ADMIN_USERS_URL}/${id}`, change, adminUserSchema);
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
