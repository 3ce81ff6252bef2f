import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from './client.ts';
import { migrate } from './migrate.ts';
import { recordAudit } from './repositories/audit-log.ts';
import { openTestDb } from './testing/test-db.ts';

/**
 * When a task was deactivated (decision 116), found for tasks deactivated before it was kept in the audit log's
 * record of the admin edit that deactivated them.
 */
let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

async function task(title: string, active: boolean): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO tasks (title, cadence, due_time, active) VALUES ($1, 'daily', '08:00', $2) RETURNING id`,
    [title, active],
  );
  if (!row) throw new Error('No task');
  return row.id;
}

// Written as the admin's edits write them (update-task.ts), then dated.
type TaskState = { active: boolean; title?: string };
async function audit(id: number, at: string, before: TaskState, after: TaskState): Promise<void> {
  await recordAudit(db, {
    actorId: null,
    action: before.active && !after.active ? 'task.deactivate' : 'task.update',
    entity: 'task',
    entityId: String(id),
    locationId: null,
    before,
    after,
  });
  await db.query('UPDATE audit_log SET created_at = $1 WHERE id = (SELECT max(id) FROM audit_log)', [at]);
}

const retiredAt = async (id: number) => {
  const [row] = await db.query<{ retired_at: Date | null }>('SELECT retired_at FROM tasks WHERE id = $1', [
    id,
  ]);
  return row?.retired_at ? row.retired_at.toISOString() : null;
};

describe('a task’s deactivation', () => {
  test('a task deactivated before the date was kept gets it from the audited edit that deactivated it', async () => {
    // The database as it was before the date was kept.
    await db.exec(`ALTER TABLE tasks DROP COLUMN retired_at;
      DELETE FROM schema_migrations WHERE version = '0035';`);
    const audited = await task('Audited', false);
    const unaudited = await task('Unaudited', false);
    const reactivated = await task('Back again', true);
    await audit(audited, '2026-03-04T10:00:00Z', { active: true }, { active: false });
    // A later edit of the inactive task is not its deactivation.
    await audit(
      audited,
      '2026-05-01T10:00:00Z',
      { active: false, title: 'A' },
      { active: false, title: 'B' },
    );
    await audit(reactivated, '2026-03-04T10:00:00Z', { active: true }, { active: false });
    await audit(reactivated, '2026-04-04T10:00:00Z', { active: false }, { active: true });

    expect(await migrate(db)).toEqual(['0035_task_retired_at']);
    expect(await retiredAt(audited)).toBe('2026-03-04T10:00:00.000Z');
    expect(await retiredAt(unaudited)).toBeNull();
    expect(await retiredAt(reactivated)).toBeNull();
  });
});
