import type { AppDeps } from '@bff/app-deps.ts';
import type { CurrentUser } from '@bff/auth/current-user.ts';
import { parseInput } from '@bff/http/parse-input.ts';
import { ADMIN_PANEL } from '@bff/modules/admin/admin-access.ts';
import { parseRecordId } from '@bff/modules/admin/record-id.ts';
import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import { findTask, insertTask, listTasks, updateTask } from '@db/repositories/tasks.ts';
import {
  type AdminTask,
  applyTaskUpdate,
  createTaskBodySchema,
  updateTaskBodySchema,
} from '@engine/admin-task-schemas.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { Elysia } from 'elysia';

function createTask(db: Db, actor: CurrentUser, body: unknown): Promise<AdminTask> {
  const task = parseInput(createTaskBodySchema, body);
  return db.transaction(async (tx) => {
    const created = await insertTask(tx, { ...task, active: true });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'task.create',
      entity: 'task',
      entityId: String(created.id),
      locationId: null,
      after: created,
    });
    return created;
  });
}

/** Edits a task; `active: false` deactivates it (its completion history stays). */
function changeTask(db: Db, actor: CurrentUser, rawId: unknown, body: unknown): Promise<AdminTask> {
  const id = parseRecordId(rawId);
  const patch = parseInput(updateTaskBodySchema, body);
  return db.transaction(async (tx) => {
    const before = await findTask(tx, id, { forUpdate: true });
    if (!before) throw AppError.notFound(`No task with id ${id}.`);
    const merged = applyTaskUpdate(before, patch);
    if (!merged.ok) throw AppError.validation(merged.problem);
    const after = await updateTask(tx, id, merged.task);
    await recordAudit(tx, {
      actorId: actor.id,
      action: before.active && !after.active ? 'task.deactivate' : 'task.update',
      entity: 'task',
      entityId: String(id),
      locationId: null,
      before,
      after,
    });
    return after;
  });
}

export function adminTasksModule({ db, auth }: AppDeps) {
  return new Elysia()
    .use(auth)
    .get('/api/admin/tasks', (): Promise<AdminTask[]> => listTasks(db), { auth: ADMIN_PANEL })
    .post(
      '/api/admin/tasks',
      async ({ body, user, set }): Promise<AdminTask> => {
        const task = await createTask(db, user, body);
        set.status = 201;
        return task;
      },
      { auth: ADMIN_PANEL },
    )
    .patch(
      '/api/admin/tasks/:id',
      ({ params, body, user }): Promise<AdminTask> => changeTask(db, user, params.id, body),
      { auth: ADMIN_PANEL },
    );
}
