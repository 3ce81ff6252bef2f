import { z } from 'zod';
import { AppError } from './errors/app-error.ts';

/**
 * An edit form sends the `updatedAt` of the record as it was opened. A record changed since (by another
 * administrator, or in another tab) is refused with 409 instead of overwritten: the second edit was made against
 * values that are no longer there. Optional, so a client that sends none edits as before.
 */
export const expectedUpdatedAtSchema = z.iso
  .datetime({ offset: true, error: 'expectedUpdatedAt must be the updatedAt the record was read with' })
  .optional();

/** Keys of an edit's body other than the check itself: "send at least one field" counts these. */
export function changedKeys(body: object): string[] {
  return Object.keys(body).filter((key) => key !== 'expectedUpdatedAt');
}

/** Throws 409 when the record's `updatedAt` is no longer the one the edit was made against. */
export function refuseChangedMeanwhile(what: string, current: string, expected: string | undefined): void {
  if (expected === undefined || Date.parse(expected) === Date.parse(current)) return;
  throw AppError.conflict(
    `Someone else changed this ${what} after you opened it. Close the form and open it again to see their change, then make yours.`,
  );
}

/**
 * For an editor that saves a whole object or list (the styles, the tabs): it sends what it started from, and a
 * stored value that no longer matches it is refused with 409, naming what the other person changed, instead of
 * being put back by a save that never touched it.
 */
export function refuseChangedSince(what: string, changed: readonly string[]): void {
  if (changed.length === 0) return;
  const named =
    changed.length > 5
      ? `${changed.slice(0, 5).join(', ')} and ${changed.length - 5} more`
      : changed.join(', ');
  throw AppError.conflict(
    `Someone else changed ${what} after you opened them: ${named}. Nothing was saved; their change is shown now, so make yours again.`,
  );
}
