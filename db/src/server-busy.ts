import { AppError } from '@engine/errors/app-error.ts';

/** How long a client is asked to wait before sending again what the server was too busy to take. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * The 503 for work refused before it started because it waited too long for the database (decision 064):
 * nothing was written, and sending it again later is safe.
 */
export function serverBusy(): AppError {
  return new AppError('server_busy', undefined, {
    headers: { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
  });
}
