import { errorStatus, isRetryableStatus } from '@engine/backoff.ts';
import { countSessionChangedDetailsSchema, lockedParsDetailsSchema } from '@engine/counting-schemas.ts';
import { parLockedReason } from '@engine/par-locked-reason.ts';
import { errorCodeOf } from '@web/lib/api-client.ts';
import { ApiRequestError, errorMessageForPerson } from '@web/lib/api-request.ts';

/** What a failed autosave means for the edits it carried. */
export type SaveFailure =
  /** No answer, or 408 / 429 / 5xx: keep the edits and try again after a pause. */
  | { kind: 'retry'; message: string }
  /**
   * The server refused the edits for good (4xx other than 401, 408 and 429: a PAR locked meanwhile, a product
   * retired, a permission removed): sending them again would get the same answer.
   */
  | { kind: 'refused'; message: string }
  /** The count was restarted elsewhere: these edits belong to a count that is no longer open. */
  | { kind: 'session_changed'; message: string; openSessionId: number | null }
  /** The session ended: keep everything until the person signs in again. */
  | { kind: 'unauthorized'; message: string };

export const OFFLINE_MESSAGE = 'The server could not be reached.';
export const NO_ANSWER_MESSAGE = 'The server did not answer in time.';
export const SIGNED_OUT_MESSAGE = 'You were signed out. Sign in again to save your changes.';
export const REFUSED_FALLBACK = 'The server refused this change.';
export const SESSION_CHANGED_MESSAGE =
  'Someone started a new count at this café, so these numbers were not saved to it.';

/** Sorts a failed save (requirements §9 retry rule: network failures, 408, 429 and 5xx are retried). */
export function classifySaveFailure(error: unknown, now: Date = new Date()): SaveFailure {
  const status = errorStatus(error);
  if (isRetryableStatus(status)) {
    return {
      kind: 'retry',
      message: status === undefined ? OFFLINE_MESSAGE : errorMessageForPerson(error, OFFLINE_MESSAGE),
    };
  }
  if (status === 401) {
    const otherPerson = errorCodeOf(error) === 'another_person_signed_in';
    return { kind: 'unauthorized', message: otherPerson ? errorMessageForPerson(error) : SIGNED_OUT_MESSAGE };
  }
  if (errorCodeOf(error) === 'count_session_changed') {
    const details = countSessionChangedDetailsSchema.safeParse(
      error instanceof ApiRequestError ? error.body?.details : undefined,
    );
    return {
      kind: 'session_changed',
      message: SESSION_CHANGED_MESSAGE,
      openSessionId: details.success ? details.data.openSessionId : null,
    };
  }
  if (errorCodeOf(error) === 'par_locked') {
    const details = lockedParsDetailsSchema.safeParse(
      error instanceof ApiRequestError ? error.body?.details : undefined,
    );
    const [only, ...others] = details.success ? details.data.lockedProducts : [];
    // A batch naming several locked PARs is split into single saves by the queue; each then says who and when.
    if (only && others.length === 0) {
      return { kind: 'refused', message: parLockedReason(only, now, details.data?.timezone) };
    }
  }
  // A refusal of the one item sent, with its own reason (`items.0.productId`): that reason follows the item's name
  // on screen ("Oat Milk: no longer sold…"), where the whole answer's message names the product again.
  const details = error instanceof ApiRequestError ? error.body?.details : undefined;
  if (Array.isArray(details) && details.length === 1) {
    const [detail] = details as { path?: unknown; message?: unknown }[];
    if (
      typeof detail?.path === 'string' &&
      detail.path.startsWith('items.') &&
      typeof detail.message === 'string'
    ) {
      return { kind: 'refused', message: detail.message };
    }
  }
  return { kind: 'refused', message: errorMessageForPerson(error, REFUSED_FALLBACK) };
}
