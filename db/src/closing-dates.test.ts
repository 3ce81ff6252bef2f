import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from './client.ts';
import { migrate } from './migrate.ts';
import { type AuditEntry, recordAudit } from './repositories/audit-log.ts';
import { openTestDb } from './testing/test-db.ts';

/**
 * When a café closed (decision 114) and when a task was deactivated (decision 116): kept from now on, and found for
 * those closed or deactivated before in the audit log's record of the admin edit that did it.
 */
let db: Db;
let district: number;
beforeAll(async () => {
  db = await openTestDb();
  [{ id: district } = { id: 0 }] = await db.query<{ id: number }>(
    "INSERT INTO districts (name) VALUES ('Closing') RETURNING id",
  );
});
afterAll(() => db.close());

async function location(code: string, active: boolean): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO locations (name, code, district_id, active) VALUES ($1, $1, $2, $3) RETURNING id',
    [code, district, active],
  );
  if (!row) throw new Error('No location');
  return row.id;
}

async function task(title: string, active: boolean): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO tasks (title, cadence, due_time, active) VALUES ($1, 'daily', '08:00', $2) RETURNING id`,
    [title, active],
  );
  if (!row) throw new Error('No task');
  return row.id;
}

type Edited = { active: boolean; name?: string; title?: string };

/**
 * The audit entry of an admin's edit of a café or task, with the action its use case names it by, dated `at`;
 * `before` null is its creation.
 */
async function auditedEdit(
  entity: 'location' | 'task',
  id: number,
  at: string,
  before: Edited | null,
  after: Edited,
): Promise<void> {
  const deactivated = before?.active === true && !after.active;
  const action = !before ? 'create' : entity === 'task' && deactivated ? 'deactivate' : 'update';
  const entry: AuditEntry = {
    actorId: null,
    action: `${entity}.${action}`,
    entity,
    entityId: String(id),
    locationId: null,
    before,
    after,
  };
  await recordAudit(db, entry);
  await db.query('UPDATE audit_log SET created_at = $1 WHERE id = (SELECT max(id) FROM audit_log)', [at]);
}

/** A timestamp column of one row, as ISO text (null when empty). */
async function instant(table: 'locations' | 'tasks', column: 'closed_at' | 'retired_at', id: number) {
  const [row] = await db.query<{ at: Date | null }>(`SELECT ${column} AS at FROM ${table} WHERE id = $1`, [
    id,
  ]);
  return row?.at ? row.at.toISOString() : null;
}

const closedAt = (id: number) => instant('locations', 'closed_at', id);
const retiredAt = (id: number) => instant('tasks', 'retired_at', id);

describe('a café’s closing day', () => {
  test('closing sets it, an edit of a closed café keeps it, opening again clears it', async () => {
    const id = await location('KEEP', true);
    expect(await closedAt(id)).toBeNull();
    const [{ now } = { now: '' }] = await db.query<{ now: Date }>('SELECT now() AS now');
    await db.query('UPDATE locations SET active = false WHERE id = $1', [id]);
    const closed = await closedAt(id);
    expect(closed).not.toBeNull();
    expect(Date.parse(closed ?? '')).toBeGreaterThanOrEqual(new Date(now).getTime());

    await db.query(`UPDATE locations SET closed_at = '2026-03-04T10:00:00Z' WHERE id = $1`, [id]);
    await db.query("UPDATE locations SET name = 'Kept', active = false WHERE id = $1", [id]);
    expect(await closedAt(id)).toBe('2026-03-04T10:00:00.000Z');

    await db.query('UPDATE locations SET active = true WHERE id = $1', [id]);
    expect(await closedAt(id)).toBeNull();
  });

  test('a café closed before the day was kept gets it from the audited edit that closed it', async () => {
    // The database as it was before the closing day was kept.
    await db.exec(`DROP TRIGGER locations_closed_at ON locations;
      DROP FUNCTION location_closed_at();
      ALTER TABLE locations DROP COLUMN closed_at;
      DELETE FROM schema_migrations WHERE version = '0033';`);
    const audited = await location('AUD', false);
    const unaudited = await location('NOAUD', false);
    const reopened = await location('REOPEN', true);
    const createdClosed = await location('BORN', false);
    const audit = (id: number, at: string, before: Edited | null, after: Edited) =>
      auditedEdit('location', id, at, before, after);
    await audit(
      audited,
      '2026-03-04T10:00:00Z',
      { active: true, name: 'AUD' },
      { active: false, name: 'AUD' },
    );
    // A later edit of the closed café is not its closing.
    await audit(
      audited,
      '2026-05-01T10:00:00Z',
      { active: false, name: 'AUD' },
      { active: false, name: 'Aud' },
    );
    await audit(reopened, '2026-03-04T10:00:00Z', { active: true }, { active: false });
    await audit(reopened, '2026-04-04T10:00:00Z', { active: false }, { active: true });
    await audit(createdClosed, '2026-02-01T09:00:00Z', null, { active: false });

    expect(await migrate(db)).toEqual(['0033_location_closed_at']);
    expect(await closedAt(audited)).toBe('2026-03-04T10:00:00.000Z');
    expect(await closedAt(unaudited)).toBeNull();
    expect(await closedAt(reopened)).toBeNull();
    expect(await closedAt(createdClosed)).toBe('2026-02-01T09:00:00.000Z');
  });
});

describe('a task’s deactivation', () => {
  test('a task deactivated before the date was kept gets it from the audited edit that deactivated it', async () => {
    // The database as it was before the date was kept.
    await db.exec(`ALTER TABLE tasks DROP COLUMN retired_at;
      DELETE FROM schema_migrations WHERE version = '0035';`);
    const audited = await task('Audited', false);
    const unaudited = await task('Unaudited', false);
    const reactivated = await task('Back again', true);
    const audit = (id: number, at: string, before: Edited, after: Edited) =>
      auditedEdit('task', id, at, before, after);
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
