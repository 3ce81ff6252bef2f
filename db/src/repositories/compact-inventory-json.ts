import type { Db } from '@db/client.ts';
import { inventoryFromSql } from './inventory.ts';
import { personNameSql } from './person-name.ts';

/**
 * A timestamp as the API writes it, `Date.prototype.toISOString()`'s form: UTC, milliseconds (truncated, as a
 * Date truncates the stored microseconds), a `Z`.
 */
function isoSql(expression: string): string {
  return `to_char((${expression}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** `,"name":value` for a value that is not NULL, else nothing: a field left out at its default. */
function fieldSql(name: string, jsonValue: string): string {
  return `COALESCE(',"${name}":' || ${jsonValue}, '')`;
}

/** `,"name":true` when the condition holds, else nothing (false is the default of every flag). */
function flagSql(name: string, condition: string): string {
  return `CASE WHEN ${condition} THEN ',"${name}":true' ELSE '' END`;
}

const textSql = (expression: string) => `to_json(${expression})::text`;
const numberSql = (expression: string) => `(${expression})::float8::text`;
const timestampSql = (expression: string) => `'"' || ${isoSql(expression)} || '"'`;

/**
 * One product's compact entry: its id, its name, and only the fields that differ from `INVENTORY_ITEM_DEFAULTS`
 * (engine/src/compact-inventory.ts), in the order of the rows' columns (inventory.ts). Concatenated rather than
 * built with `json_build_object`, which cost PostgreSQL twice as much as sending the row (it looks up every
 * argument's type on every call).
 */
const COMPACT_ITEM_SQL = [
  `'{"productId":' || p.id || ',"productName":' || ${textSql('p.name')}`,
  fieldSql('par', numberSql('NULLIF(lp.par, 0)')),
  flagSql('parLocked', 'lp.par_locked'),
  fieldSql('parLockedBy', `CASE WHEN lp.par_locked THEN ${textSql(personNameSql('lu'))} END`),
  fieldSql('parLockedAt', `CASE WHEN lp.par_locked THEN ${timestampSql('lp.par_locked_at')} END`),
  fieldSql('lifecycle', textSql("NULLIF(lp.lifecycle, 'active')")),
  flagSql('backordered', 'lp.backordered'),
  fieldSql('stockStatus', textSql("NULLIF(lp.stock_status, 'in_stock')")),
  fieldSql('count', numberSql('ci.count')),
  flagSql('confirmed', 'ci.confirmed'),
  flagSql('editedAfterConfirm', 'ci.edited_after_confirm'),
  fieldSql('countedAt', `CASE WHEN ci.count IS NOT NULL THEN ${timestampSql('ci.updated_at')} END`),
  fieldSql('countedBy', `CASE WHEN ci.count IS NOT NULL THEN ${textSql('counter.name')} END`),
  fieldSql('typedAt', timestampSql('ci.typed_at')),
  `'}'`,
].join('\n       || ');

/**
 * A café's compact inventory (decision 057) as the JSON text of the answer, written by the database in one
 * statement (decision 066): the open count session and one entry per product still sold, each what
 * `compactInventory()` makes of `listLocationInventory()`'s row (inventory.ts; db tests hold the two equal). Read
 * as rows, the same answer cost the server about 6 µs a product in decoding, Dates and serializing, the dearest
 * part of a count screen's open at chain scale (bench/request-cpu.ts).
 */
const COMPACT_INVENTORY_SQL = `
  WITH session AS (
    SELECT cs.id, cs.started_at, cs.cleared_at, ${personNameSql('u')} AS started_by
      FROM count_sessions cs LEFT JOIN users u ON u.id = cs.started_by
     WHERE cs.location_id = $1 AND cs.status = 'open'
  )
  SELECT '{"locationId":' || $1::int
      || ',"countSession":' || COALESCE((
           SELECT '{"id":' || s.id || ',"startedAt":' || ${timestampSql('s.started_at')}
               || ',"startedBy":' || COALESCE(${textSql('s.started_by')}, 'null')
               || ',"clearedAt":' || COALESCE(${timestampSql('s.cleared_at')}, 'null') || '}'
             FROM session s
         ), 'null')
      || ',"items":[' || COALESCE((
           SELECT string_agg(
               ${COMPACT_ITEM_SQL},
               ',' ORDER BY p.name, p.id)
             ${inventoryFromSql('(SELECT id FROM session)')}
         ), '')
      || ']}' AS body`;

export async function readCompactInventoryJson(db: Db, locationId: number): Promise<string> {
  const [row] = await db.query<{ body: string }>(COMPACT_INVENTORY_SQL, [locationId]);
  if (!row) throw new Error('The compact inventory statement returned no row');
  return row.body;
}
