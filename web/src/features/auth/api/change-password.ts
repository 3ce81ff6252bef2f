import { type AuthUser, authUserSchema } from '@engine/api-schemas.ts';
import type { ChangePasswordBody } from '@engine/password-change-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestJson } from '@web/lib/api-request.ts';
import { authUserQueryKey } from '@web/lib/queries/auth-user.ts';

export const CHANGE_PASSWORD_URL = '/api/auth/change-password';

/**
 * One attempt, never retried: a wrong current password will not become right, every wrong one counts
 * towards the sign-in limit, and retrying a 429 would only lengthen the wait.
 */
export async function changePassword(body: ChangePasswordBody): Promise<AuthUser> {
  return authUserSchema.parse(await apiRequestJson('POST', CHANGE_PASSWORD_URL, body, { retries: 0 }));
}

/**
 * The answer is the signed-in user with `mustChangePassword` cleared; putting it in the session query lets
 * the app replace the "Choose a new password" page at once. The server has rotated the session cookie.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    retry: false,
    onSuccess: async (user) => {
      queryClient.setQueryData(authUserQueryKey, user);
      await queryClient.invalidateQueries({ queryKey: authUserQueryKey });
    },
  });
}
