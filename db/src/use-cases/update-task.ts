import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import { findSameActiveTask, findTask, updateTask as writeTask } from '@db/repositories/tasks.ts';
import type { Actor } from '@engine/actor.ts';
import {
  type AdminTask,
  applyTaskUpdate,
  sameTaskMessage,
  type UpdateTask,
} from '@engine/admin-task-schemas.ts';
import { refuseChangedMeanwhile } from '@engine/changed-meanwhile.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { notFoundMessage } from '@engine/errors/refusal-messages.ts';

/**
 * Edits a task; `active: false` deactivates it as of `now` (the app's clock): it leaves the checklists of the days
 * it falls due after that, and stays on those before (decision 116).
 */
export function updateTask(
  db: Db,
  actor: Actor,
  id: number,
  patch: UpdateTask,
  now: Date,
): Promise<AdminTask> {
  return db.transaction(async (tx) => {
    const before = await findTask(tx, id, { forUpdate: true });
    if (!before) throw AppError.notFound(notFoundMessage('task'));
    refuseChangedMeanwhile('task', before.updatedAt, patch.expectedUpdatedAt);
    const merged = applyTaskUpdate(before, patch);
    if (!merged.ok) throw AppError.validation(merged.problem);
    const same = merged.task.active ? await findSameActiveTask(tx, merged.task, id) : null;
    if (same) throw AppError.conflict(sameTaskMessage(same));
    const after = await writeTask(tx, id, merged.task, now);
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
