import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from './client.ts';
import { migrate } from './migrate.ts';
import { recordAudit } from './repositories/audit-log.ts';
import { openTestDb } from './testing/test-db.ts';

/**
 * The day a café closed (decision 114): kept by the database whatever writes `active`, and found for cafés closed
 * before it was kept in the audit log's record of the edit that closed them.
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

const closedAt = async (id: number) => {
  const [row] = await db.query<{ closed_at: Date | null }>('SELECT closed_at FROM locations WHERE id = $1', [
    id,
  ]);
  return row?.closed_at ? row.closed_at.toISOString() : null;
};

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
    // Written as the admin's edits write them, then dated.
    const audit = async (id: number, at: string, before: object | null, after: object) => {
      await recordAudit(db, {
        actorId: null,
        action: before ? 'location.update' : 'location.create',
        entity: 'location',
        entityId: String(id),
        locationId: id,
        before,
        after,
      });
      await db.query('UPDATE audit_log SET created_at = $1 WHERE id = (SELECT max(id) FROM audit_log)', [at]);
    };
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
