import type { CountCompletionRow } from '@db/repositories/count-completions.ts';
import { whenPhrase } from '@engine/cafe-time-labels.ts';
import { AppError } from '@engine/errors/app-error.ts';

/**
 * The count a device was typing into is gone: someone started a new count ("clears all counts and
 * checkboxes") after the device loaded it. Its edits belong to the old count, so nothing is written;
 * the client reloads the inventory and shows the new count.
 */
export function countSessionChanged(sentSessionId: number | null, openSessionId: number | null): AppError {
  return new AppError(
    'count_session_changed',
    openSessionId === null
      ? 'This count was closed on another device. Reload to see the current count; nothing was saved.'
      : 'A new count was started on another device. Reload to see the new count; nothing was saved.',
    { details: { sentSessionId, openSessionId } },
  );
}

/**
 * Start Count pressed on a screen that showed a count the café no longer has open: someone started a new one
 * meanwhile (or the same press arrived twice). Nothing is closed: the count open now keeps what was typed in it.
 */
export function countReplacedMeanwhile(sentSessionId: number, openSessionId: number | null): AppError {
  return new AppError(
    'count_session_changed',
    openSessionId === null
      ? 'The count this screen showed was closed on another device meanwhile; nothing was cleared. The screen now shows the café as it is.'
      : 'A new count was already started at this café after this screen read it; nothing was cleared, and what was typed in it is kept. The screen now shows that count.',
    { details: { sentSessionId, openSessionId } },
  );
}

/** Edits naming products that do not exist: the whole batch is refused, naming them. */
export function unknownCountProducts(unknownIds: readonly number[]): AppError {
  return AppError.validation(
    `Product ${unknownIds.join(', ')} ${unknownIds.length === 1 ? 'does' : 'do'} not exist; nothing was saved.`,
    unknownIds.map((productId) => ({ path: 'items', message: `Product ${productId} does not exist.` })),
  );
}

/**
 * "This count was already completed by Priya Raman today at 07:50": a second Submit Count (another tab, another
 * manager) did nothing wrong, so the refusal says who got there first and when, in the café's time (decision 007).
 * `then` finishes the sentence for refusals that say what it means for them.
 */
export function countAlreadyCompleted(
  completion: Pick<CountCompletionRow, 'completedAt' | 'completedBy'>,
  at: { timeZone: string | undefined; now: Date },
  then = '',
): AppError {
  const by = completion.completedBy?.name ? ` by ${completion.completedBy.name}` : '';
  const when = whenPhrase(completion.completedAt, at.now, at.timeZone);
  return new AppError(
    'already_completed',
    `This count was already completed${by}${when ? ` ${when}` : ''}${then}.`,
    {
      details: { title: 'Count Completed', editedAfterConfirmation: 0 },
    },
  );
}
