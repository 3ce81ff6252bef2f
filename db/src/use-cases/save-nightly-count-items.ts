import type { Db } from '@db/client.ts';
import { lockNightlyCount, saveNightlyCountItems } from '@db/repositories/nightly-counts.ts';
import type { Actor } from '@engine/actor.ts';
import { latestEditPerProduct } from '@engine/count-item-edit.ts';
import type { CountEdit, SaveNightlyItemsResponse } from '@engine/counting-schemas.ts';
import { unknownCountProducts } from './count-refusals.ts';
import { assertEditable, resolveNightlyDay } from './nightly-day.ts';

/**
 * Saves a batch of typed nightly-count items for one day (today by `now` when no date is given), all or
 * nothing, creating the day's count on first write. Last typed value wins per item, as in Count Inventory.
 */
export async function saveNightlyItemBatch(
  db: Db,
  actor: Actor,
  input: { locationId: number; date?: string; now: Date; items: readonly CountEdit[] },
): Promise<SaveNightlyItemsResponse> {
  const day = await resolveNightlyDay(db, input);
  assertEditable(day);
  return db.transaction(async (tx) => {
    const header = await lockNightlyCount(tx, {
      locationId: input.locationId,
      businessDate: day.businessDate,
      actorId: actor.id,
      create: true,
    });
    if (!header) throw new Error('A nightly count created a moment ago is missing');
    const saved = await saveNightlyCountItems(tx, {
      nightlyCountId: header.id,
      locationId: input.locationId,
      actorId: actor.id,
      edits: latestEditPerProduct(input.items),
    });
    const unknown = saved.filter((row) => !row.known).map((row) => row.productId);
    if (unknown.length > 0) throw unknownCountProducts(unknown);
    return {
      locationId: input.locationId,
      businessDate: day.businessDate,
      nightlyCount: header,
      applied: saved.filter((row) => row.applied).map((row) => row.productId),
      superseded: saved.filter((row) => !row.applied).map((row) => row.productId),
      items: saved.map((row) => row.state),
    };
  });
}
