import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import { findSameActiveTask, insertTask } from '@db/repositories/tasks.ts';
import type { Actor } from '@engine/actor.ts';
import { type AdminTask, type createTaskBodySchema, sameTaskMessage } from '@engine/admin-task-schemas.ts';
import { AppError } from '@engine/errors/app-error.ts';
import type { z } from 'zod';

export type NewTask = z.output<typeof createTaskBodySchema>;

export function createTask(db: Db, actor: Actor, task: NewTask, now: Date): Promise<AdminTask> {
  return db.transaction(async (tx) => {
    const same = await findSameActiveTask(tx, { ...task, active: true }, null);
    if (same) throw AppError.conflict(sameTaskMessage(same));
    const created = await insertTask(tx, { ...task, active: true }, now);
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
