import type { Logger } from '@bff/app-deps.ts';
import { databaseCause } from '@db/database-unavailable.ts';

/** One line at most this often while the database is away: an outage under load answers hundreds of 503s. */
const EVERY_MS = 10_000;

/**
 * Tells the operator why requests were answered 503 "cannot reach its database": the driver's reason (refused,
 * timed out, "too many clients already"), which the person's message leaves out. Lines are spaced out; the next
 * one counts the answers in between.
 */
export function databaseOutageLog(logger: Logger, now: () => number = Date.now) {
  let lastAt = Number.NEGATIVE_INFINITY;
  let unlogged = 0;
  return (error: unknown, request: Request) => {
    const at = now();
    if (at - lastAt < EVERY_MS) {
      unlogged += 1;
      return;
    }
    const since = unlogged > 0 ? ` (and ${unlogged} more answered so since the last line)` : '';
    lastAt = at;
    unlogged = 0;
    const { pathname } = new URL(request.url);
    logger.error(
      `Database unavailable: ${request.method} ${pathname} answered 503${since}: ${databaseCause(error) ?? 'no reason given by the driver'}`,
    );
  };
}
