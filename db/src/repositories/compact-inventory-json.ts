import type { Db } from '@db/client.ts';

/**
 * A café's compact inventory (decision 057) as the JSON text of the answer, written by the database in one
 * statement (decision 066): the open count session and one entry per product still sold, each what
 * `compactInventory()` makes of `listLocationInventory()`'s row (inventory.ts; db tests hold the two equal). Read
 * as rows, the same answer cost the server about 6 µs a product in decoding, Dates and serializing, the dearest
 * part of a count screen's open at chain scale (bench/request-cpu.ts). The statement lives in a function,
 * `compact_inventory_json` (migration 0028), so that it keeps one plan per connection (decision 070).
 */
export async function readCompactInventoryJson(db: Db, locationId: number): Promise<string> {
  const [row] = await db.query<{ body: string | null }>('SELECT compact_inventory_json($1::int) AS body', [
    locationId,
  ]);
  if (!row?.body) throw new Error('The compact inventory function returned no answer');
  return row.body;
}
