import { type UserWithOneTimePassword, userWithOneTimePasswordSchema } from '@engine/user-admin-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_USERS_URL, adminUsersQueryKey } from './admin-users.ts';
import { sendParsed } from './send-parsed.ts';

/** POST /api/admin/users/:id/reset-password: a new one-time password; the user's sessions end. */
export function resetUserPassword(id: number): Promise<UserWithOneTimePassword> {
  return sendParsed(
    'POST',
    `${ADMIN_USERS_URL}/${id}/reset-password`,
    undefined,
    userWithOneTimePasswordSchema,
  );
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
