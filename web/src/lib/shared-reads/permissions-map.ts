import { sessionEndpoints } from '@engine/endpoints/session-endpoints.ts';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@web/lib/api-client.ts';
import { useAuth } from './auth-user.ts';

/** Role → permission keys. */
export const permissionsQueryOptions = () => endpointQuery(sessionEndpoints.permissions, {});
export const permissionsQueryKey = permissionsQueryOptions().queryKey;

export function usePermissionsMap() {
  const { isAuthenticated } = useAuth();
  return useQuery({ ...permissionsQueryOptions(), enabled: isAuthenticated });
}
