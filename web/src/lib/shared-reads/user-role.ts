import { sessionEndpoints } from '@engine/endpoints/session-endpoints.ts';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@web/lib/api-client.ts';
import { useAuth } from './auth-user.ts';

export const userRoleQueryOptions = () => endpointQuery(sessionEndpoints.currentUserRole, {});
export const userRoleQueryKey = userRoleQueryOptions().queryKey;

/** Asked only once someone is signed in (requirements §7); a visitor has no role to ask about. */
export function useUserRole() {
  const { isAuthenticated } = useAuth();
  return useQuery({ ...userRoleQueryOptions(), enabled: isAuthenticated });
}
