import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';
import type { UserWithOneTimePassword } from '@engine/user-admin-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { adminUsersQueryKey } from './admin-users.ts';

/** A new one-time password; the user's sessions end. */
export function resetUserPassword(id: number): Promise<UserWithOneTimePassword> {
  return call(adminEndpoints.resetUserPassword, { params: { id } }, { retries: 0 });
}

export function useResetUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserPassword,
    // Each attempt makes a different password: a silent repeat would show one that was replaced.
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
