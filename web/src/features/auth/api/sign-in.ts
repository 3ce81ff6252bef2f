import { type AuthUser, authUserSchema, type LoginBody } from '@engine/api-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestJson } from '@web/lib/api-request.ts';
import { AUTH_USER_URL, authUserQueryKey } from '@web/lib/queries/auth-user.ts';

export const SIGN_IN_URL = '/api/auth/login';

/**
 * One attempt, never retried: a wrong password will not become right, and retrying a 429 would only
 * lengthen the lock-out the server is asking the person to wait out.
 */
export async function signIn(credentials: LoginBody): Promise<AuthUser> {
  return authUserSchema.parse(await apiRequestJson('POST', SIGN_IN_URL, credentials, { retries: 0 }));
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    retry: false,
    onSuccess: async (user) => {
      // Whatever was cached belonged to whoever was signed in before; the new person starts clean.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== AUTH_USER_URL });
      queryClient.setQueryData(authUserQueryKey, user);
      await queryClient.invalidateQueries({ queryKey: authUserQueryKey });
    },
  });
}
