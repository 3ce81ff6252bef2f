import {
  type InviteUserBody,
  type UserWithOneTimePassword,
  userWithOneTimePasswordSchema,
} from '@engine/user-admin-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_USERS_URL, adminUsersQueryKey } from './admin-users.ts';
import { sendParsed } from './send-parsed.ts';

/** POST /api/admin/users: the answer carries the one-time password, which no other answer ever does. */
export function inviteUser(body: InviteUserBody): Promise<UserWithOneTimePassword> {
  return sendParsed('POST', ADMIN_USERS_URL, body, userWithOneTimePasswordSchema);
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
