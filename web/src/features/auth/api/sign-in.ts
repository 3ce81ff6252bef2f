import type { AuthUser, LoginBody } from '@engine/api-schemas.ts';
import { credentialEndpoints } from '@engine/endpoints/credential-endpoints.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { setPageUser } from '@web/lib/api-request.ts';
import { clearSignOutPending } from '@web/lib/offline/pending-sign-out.ts';
import { authUserQueryKey, finishSignOut } from '@web/lib/shared-reads/auth-user.ts';

/**
 * One attempt, never retried: a wrong password will not become right, and retrying a 429 would only
 * lengthen the lock-out the server is asking the person to wait out.
 */
export async function signIn(credentials: LoginBody): Promise<AuthUser> {
  // A sign-out made with no network ends first, so it can never end the session being started here.
  await finishSignOut();
  const user = await call(credentialEndpoints.signIn, { body: credentials }, { retries: 0 });
  clearSignOutPending();
  setPageUser(user.id);
  return user;
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    retry: false,
    onSuccess: async (user) => {
      // Whatever was cached belonged to whoever was signed in before; the new person starts clean.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authUserQueryKey[0] });
      queryClient.setQueryData(authUserQueryKey, user);
      await queryClient.invalidateQueries({ queryKey: authUserQueryKey });
    },
  });
}
