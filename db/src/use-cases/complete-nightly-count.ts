import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import {
  countNightlyItemsCounted,
  lockNightlyCount,
  markNightlyCountCompleted,
} from '@db/repositories/nightly-counts.ts';
import type { Actor } from '@engine/actor.ts';
import { whenPhrase } from '@engine/cafe-time-labels.ts';
import type { CompleteNightlyCountResponse } from '@engine/counting-schemas.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { assertEditable, resolveNightlyDay } from './nightly-day.ts';

/**
 * Marks a day's nightly count done (today by `now` when no date is given). Refused when nothing was
 * counted, when it is already complete, or when the day is past the editing window.
 */
export async function completeNightlyCount(
  db: Db,
  actor: Actor,
  input: { locationId: number; date?: string; now: Date },
): Promise<CompleteNightlyCountResponse> {
  const day = await resolveNightlyDay(db, input);
  assertEditable(day);
  return db.transaction(async (tx) => {
    const header = await lockNightlyCount(tx, {
      locationId: input.locationId,
      businessDate: day.businessDate,
      actorId: actor.id,
      create: false,
    });
    const itemsCounted = header ? await countNightlyItemsCounted(tx, header.id) : 0;
    if (!header || itemsCounted === 0) {
      throw new AppError('nothing_counted', 'Count at least one item before completing the nightly count.', {
        details: { title: 'Nothing counted' },
      });
    }
    if (header.completedAt !== null) {
      // Another phone or tab got there first: say who and when, in the café's time (decision 007).
      const by = header.completedBy?.name ? ` by ${header.completedBy.name}` : '';
      const when = whenPhrase(header.completedAt, input.now, day.timezone);
      throw new AppError(
        'already_completed',
        `The nightly count of ${day.businessDate} was already completed${by}${when ? ` ${when}` : ''}.`,
        {
          details: { title: 'Nightly Count Completed', completedAt: header.completedAt },
        },
      );
    }
    const completed = await markNightlyCountCompleted(tx, header.id, actor.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'nightly.complete',
      entity: 'nightly_count',
      entityId: String(header.id),
      locationId: input.locationId,
      after: { businessDate: day.businessDate, itemsCounted },
    });
    return {
      locationId: input.locationId,
      businessDate: day.businessDate,
      nightlyCount: completed,
      itemsCounted,
    };
  });
}
