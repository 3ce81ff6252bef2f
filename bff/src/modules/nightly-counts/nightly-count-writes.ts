import { unknownCountProducts } from '@bff/modules/count-sessions/count-write-errors.ts';
import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import {
  countNightlyItemsCounted,
  lockNightlyCount,
  markNightlyCountCompleted,
  saveNightlyCountItems,
} from '@db/repositories/nightly-counts.ts';
import { latestEditPerProduct } from '@engine/count-item-edit.ts';
import type {
  CompleteNightlyCountResponse,
  CountEdit,
  SaveNightlyItemsResponse,
} from '@engine/counting-schemas.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { assertEditable, type NightlyDay } from './nightly-day.ts';

/**
 * Saves a batch of typed nightly-count items for one day, all or nothing, creating the day's count on
 * first write. Last typed value wins per item, as in Count Inventory.
 */
export function saveNightlyItemBatch(
  db: Db,
  actorId: number,
  input: { locationId: number; day: NightlyDay; items: readonly CountEdit[] },
): Promise<SaveNightlyItemsResponse> {
  assertEditable(input.day);
  return db.transaction(async (tx) => {
    const header = await lockNightlyCount(tx, {
      locationId: input.locationId,
      businessDate: input.day.businessDate,
      actorId,
      create: true,
    });
    if (!header) throw new Error('A nightly count created a moment ago is missing');
    const saved = await saveNightlyCountItems(tx, {
      nightlyCountId: header.id,
      locationId: input.locationId,
      actorId,
      edits: latestEditPerProduct(input.items),
    });
    const unknown = saved.filter((row) => !row.known).map((row) => row.productId);
    if (unknown.length > 0) throw unknownCountProducts(unknown);
    return {
      locationId: input.locationId,
      businessDate: input.day.businessDate,
      nightlyCount: header,
      applied: saved.filter((row) => row.applied).map((row) => row.productId),
      superseded: saved.filter((row) => !row.applied).map((row) => row.productId),
      items: saved.map((row) => row.state),
    };
  });
}

/** Marks a day's nightly count done. Refused when nothing was counted or it is already complete. */
export function completeNightlyCount(
  db: Db,
  actorId: number,
  input: { locationId: number; day: NightlyDay },
): Promise<CompleteNightlyCountResponse> {
  assertEditable(input.day);
  return db.transaction(async (tx) => {
    const header = await lockNightlyCount(tx, {
      locationId: input.locationId,
      businessDate: input.day.businessDate,
      actorId,
      create: false,
    });
    const itemsCounted = header ? await countNightlyItemsCounted(tx, header.id) : 0;
    if (!header || itemsCounted === 0) {
      throw new AppError('nothing_counted', 'Count at least one item before completing the nightly count.', {
        details: { title: 'Nothing counted' },
      });
    }
    if (header.completedAt !== null) {
      throw new AppError(
        'already_completed',
        `The nightly count of ${input.day.businessDate} is already complete.`,
        {
          details: { title: 'Nightly Count Completed', completedAt: header.completedAt },
        },
      );
    }
    const completed = await markNightlyCountCompleted(tx, header.id, actorId);
    await recordAudit(tx, {
      actorId,
      action: 'nightly.complete',
      entity: 'nightly_count',
      entityId: String(header.id),
      locationId: input.locationId,
      after: { businessDate: input.day.businessDate, itemsCounted },
    });
    return {
      locationId: input.locationId,
      businessDate: input.day.businessDate,
      nightlyCount: completed,
      itemsCounted,
    };
  });
}
