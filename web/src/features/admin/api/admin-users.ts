import { type AdminUser, adminUserSchema } from '@engine/user-admin-schemas.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed } from '@web/lib/query-client.ts';
import { z } from 'zod';

export const ADMIN_USERS_URL = '/api/admin/users';
export const adminUsersQueryKey = [ADMIN_USERS_URL] as const;

export function fetchAdminUsers(signal?: AbortSignal): Promise<AdminUser[]> {
  return getParsed(ADMIN_USERS_URL, z.array(adminUserSchema), { signal });
}

export const adminUsersQueryOptions = () =>
  queryOptions({ queryKey: adminUsersQueryKey, queryFn: ({ signal }) => fetchAdminUsers(signal) });

export function useAdminUsers() {
  return useQuery(adminUsersQueryOptions());
}
