import { type AdminTask, adminTaskSchema } from '@engine/admin-task-schemas.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed } from '@web/lib/query-client.ts';
import { z } from 'zod';

export const ADMIN_TASKS_URL = '/api/admin/tasks';
export const adminTasksQueryKey = [ADMIN_TASKS_URL] as const;

/** Every recurring task, inactive ones included. */
export function fetchAdminTasks(signal?: AbortSignal): Promise<AdminTask[]> {
  return getParsed(ADMIN_TASKS_URL, z.array(adminTaskSchema), { signal });
}

export const adminTasksQueryOptions = () =>
  queryOptions({ queryKey: adminTasksQueryKey, queryFn: ({ signal }) => fetchAdminTasks(signal) });

export function useAdminTasks() {
  return useQuery(adminTasksQueryOptions());
}
