import {
  type AdminTask,
  adminTaskSchema,
  type CreateTaskBody,
  type UpdateTaskBody,
} from '@engine/admin-task-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_TASKS_URL, adminTasksQueryKey } from './admin-tasks.ts';
import { sendParsed } from './send-parsed.ts';

export type SaveTaskInput = { id: null; body: CreateTaskBody } | { id: number; body: UpdateTaskBody };

/** POST /api/admin/tasks, or PATCH /api/admin/tasks/:id (`active: false` deactivates). */
export function saveTask(input: SaveTaskInput): Promise<AdminTask> {
  return input.id === null
    ? sendParsed('POST', ADMIN_TASKS_URL, input.body, adminTaskSchema)
    : sendParsed('PATCH', `${ADMIN_TASKS_URL}/${input.id}`, input.body, adminTaskSchema);
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
