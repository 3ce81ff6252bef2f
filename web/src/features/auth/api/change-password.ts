import type { AuthUser } from '@engine/api-schemas.ts';
import { credentialEndpoints } from '@engine/endpoints/credential-endpoints.ts';
import type { ChangePasswordBody } from '@engine/password-change-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { authUserQueryKey } from '@web/lib/shared-reads/auth-user.ts';

/**
 * One attempt, never retried: a wrong current password will not become right, every wrong one counts
 * towards the sign-in limit, and retrying a 429 would only lengthen the wait.
 */
export function changePassword(body: ChangePasswordBody): Promise<AuthUser> {
  return call(credentialEndpoints.changePassword, { body }, { retries: 0 });
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
