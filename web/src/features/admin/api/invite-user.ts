import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';
import type { InviteUserBody, UserWithOneTimePassword } from '@engine/user-admin-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { adminUsersQueryKey } from './admin-users.ts';

/** The answer carries the one-time password, which no other answer ever does. */
export function inviteUser(body: InviteUserBody): Promise<UserWithOneTimePassword> {
  return call(adminEndpoints.inviteUser, { body }, { retries: 0 });
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    // A repeat after a lost answer would only meet "email already in use"; not worth the confusion.
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
