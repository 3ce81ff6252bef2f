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

/** Edits naming products that do not exist: the whole batch is refused, naming them. */
export function unknownCountProducts(unknownIds: readonly number[]): AppError {
  return AppError.validation(
    `Product ${unknownIds.join(', ')} ${unknownIds.length === 1 ? 'does' : 'do'} not exist; nothing was saved.`,
    unknownIds.map((productId) => ({ path: 'items', message: `Product ${productId} does not exist.` })),
  );
}
