import { lockedParsDetailsSchema, MAX_BATCH_ITEMS } from '@engine/counting-schemas.ts';
import { parLockedReason } from '@engine/par-locked-reason.ts';
import type { ReportRow } from '@engine/reports/report-definitions.ts';
import { errorCodeOf } from '@web/lib/api-client.ts';
import { ApiRequestError, errorMessageForPerson } from '@web/lib/api-request.ts';

type ParHealthRow = ReportRow<'par-health'>;

export type ApplyOutcome = { status: 'applied'; par: number } | { status: 'refused'; reason: string };

/** A row of the report, by café and product (the key of its outcome and of its selection). */
export const suggestionKey = (row: Pick<ParHealthRow, 'locationId' | 'productId'>) =>
  `${row.locationId}:${row.productId}`;

/** What a locked row's outcome says. */
export const LOCKED_LEFT =
  'The PAR is locked, so it was left as it is; unlock it in Par Lock to apply the suggestion';

/** A row can be applied when it has a suggestion that differs from its PAR. */
export function isApplicable(row: ParHealthRow): row is ParHealthRow & { suggestedPar: number } {
  return row.suggestedPar !== null && row.suggestedPar !== row.par;
}

/** Sends one café's batch through Set PARs (PATCH /api/pars): all applied or none, as that route does. */
export type SendPars = (locationId: number, items: { productId: number; par: number }[]) => Promise<unknown>;

function lockedOf(error: unknown) {
  if (errorCodeOf(error) !== 'par_locked' || !(error instanceof ApiRequestError)) return null;
  const details = lockedParsDetailsSchema.safeParse(error.body?.details);
  return details.success ? details.data : null;
}

/**
 * Applies the chosen suggestions through the normal Set PARs rules, one batch per café (split at the
 * route's batch size). Set PARs refuses a
 * whole batch that would change a locked PAR the user may not change; the locked rows are then marked
 * refused with who locked them, and the café's other rows are sent again without them. Any other refusal
 * (scope, a retired product) marks the café's rows refused with the server's message.
 */
export async function applySuggestedPars(
  rows: readonly ParHealthRow[],
  send: SendPars,
  now = new Date(),
): Promise<Map<string, ApplyOutcome>> {
  const outcomes = new Map<string, ApplyOutcome>();
  const byCafe = new Map<number, (ParHealthRow & { suggestedPar: number })[]>();
  for (const row of rows) {
    if (!isApplicable(row)) continue;
    // A lock is someone's decision to hold a PAR: a suggestion applied in bulk leaves it, even for someone whose
    // role may change locked PARs (they unlock it in Par Lock, or change it in Set PARs, knowingly).
    if (row.locked) {
      outcomes.set(suggestionKey(row), { status: 'refused', reason: LOCKED_LEFT });
      continue;
    }
    byCafe.set(row.locationId, [...(byCafe.get(row.locationId) ?? []), row]);
  }
  const batches = [...byCafe].flatMap(([locationId, cafeRows]) =>
    Array.from({ length: Math.ceil(cafeRows.length / MAX_BATCH_ITEMS) }, (_, index) => ({
      locationId,
      rows: cafeRows.slice(index * MAX_BATCH_ITEMS, (index + 1) * MAX_BATCH_ITEMS),
    })),
  );
  for (const batch of batches) {
    const { locationId } = batch;
    let pending = batch.rows;
    // At most twice: once with everything, once more without the locked PARs the first answer named.
    for (let attempt = 0; attempt < 2 && pending.length > 0; attempt++) {
      try {
        await send(
          locationId,
          pending.map((row) => ({ productId: row.productId, par: row.suggestedPar })),
        );
        for (const row of pending)
          outcomes.set(suggestionKey(row), { status: 'applied', par: row.suggestedPar });
        pending = [];
      } catch (error) {
        const locked = attempt === 0 ? lockedOf(error) : null;
        if (locked === null) {
          const reason = errorMessageForPerson(error);
          for (const row of pending) outcomes.set(suggestionKey(row), { status: 'refused', reason });
          pending = [];
          continue;
        }
        const lockedIds = new Map(locked.lockedProducts.map((product) => [product.productId, product]));
        for (const row of pending) {
          const lock = lockedIds.get(row.productId);
          if (lock)
            outcomes.set(suggestionKey(row), {
              status: 'refused',
              reason: `${parLockedReason(lock, now, locked.timezone)}: only someone who manages PAR locks can change it`,
            });
        }
        pending = pending.filter((row) => !lockedIds.has(row.productId));
      }
    }
  }
  return outcomes;
}
