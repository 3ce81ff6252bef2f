import type { AdminTask, CreateTaskBody, UpdateTaskBody } from '@engine/admin-task-schemas.ts';
import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { adminTasksQueryKey } from './admin-tasks.ts';

export type SaveTaskInput = { id: null; body: CreateTaskBody } | { id: number; body: UpdateTaskBody };

/** Creates a task, or changes one (`active: false` deactivates). */
export function saveTask(input: SaveTaskInput): Promise<AdminTask> {
  return input.id === null
    ? call(adminEndpoints.createTask, { body: input.body }, { retries: 0 })
    : call(adminEndpoints.updateTask, { params: { id: input.id }, body: input.body }, { retries: 0 });
}

export function useSaveTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTask,
    // Tasks have no natural key: repeating a create whose answer was lost would make a second task.
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTasksQueryKey }),
  });
}
