import type { AuthUser } from '@engine/api-schemas.ts';
import { hasPermission, type PermissionKey, type PermissionsMap } from '@engine/permissions.ts';
import type { QueryClient } from '@tanstack/react-query';
import { authUserQueryKey } from './shared-reads/auth-user.ts';
import { permissionsQueryKey } from './shared-reads/permissions-map.ts';
import { userRoleQueryKey } from './shared-reads/user-role.ts';
import { readSelectedLocation } from './storage/selected-location-storage.ts';

/** What a page's loader knows: the query client and the café chosen in the header (or none). */
export interface PreloadContext {
  queryClient: QueryClient;
  locationId: number | null;
}

/** Any query's options as `endpointQuery` and its wrappers build them. */
interface PreloadableQuery {
  queryKey: readonly unknown[];
}

export type PagePreload = (context: PreloadContext) => readonly PreloadableQuery[];

/**
 * Starts a page's reads while its code is still downloading. The reads are not awaited: each screen shows
 * its own loading and error states (the requirements fix their texts), so a loader never blocks a page or
 * replaces its error. Nothing is read for a signed-out visitor, a user still on a one-time password, or a
 * role without the page's permission: the server would refuse those reads anyway.
 */
export function startPreload(
  queryClient: QueryClient,
  permission: PermissionKey | null,
  preload: PagePreload | undefined,
): void {
  if (!preload) return;
  const user = queryClient.getQueryData<AuthUser | null>(authUserQueryKey);
  if (!user || user.mustChangePassword) return;
  if (permission) {
    const role = queryClient.getQueryData<{ role: string }>(userRoleQueryKey);
    const map = queryClient.getQueryData<PermissionsMap>(permissionsQueryKey);
    if (!hasPermission(role?.role, map, permission)) return;
  }
  const stored = Number(readSelectedLocation()?.id);
  const locationId = Number.isInteger(stored) && stored > 0 ? stored : null;
  for (const options of preload({ queryClient, locationId })) {
    queryClient
      .ensureQueryData(options as Parameters<QueryClient['ensureQueryData']>[0])
      .catch(() => undefined);
  }
}
