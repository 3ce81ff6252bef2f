import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import { insertTask } from '@db/repositories/tasks.ts';
import type { Actor } from '@engine/actor.ts';
import type { AdminTask, createTaskBodySchema } from '@engine/admin-task-schemas.ts';
import type { z } from 'zod';

export type NewTask = z.output<typeof createTaskBodySchema>;

export function createTask(db: Db, actor: Actor, task: NewTask, now: Date): Promise<AdminTask> {
  return db.transaction(async (tx) => {
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
