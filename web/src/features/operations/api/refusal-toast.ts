import type { ToastInput } from '@web/components/ui/use-toast.ts';
import { ApiRequestError, errorMessageForPerson, UserFacingError } from '@web/lib/api-request.ts';

function refusalOf(error: unknown): ApiRequestError | null {
  const source = error instanceof UserFacingError ? error.cause : error;
  return source instanceof ApiRequestError ? source : null;
}

/** The title a refusal names for itself (`details.title`, e.g. 'Re-confirmation Required'), if any. */
export function refusalTitle(error: unknown): string | null {
  const details = refusalOf(error)?.body?.details;
  if (typeof details !== 'object' || details === null) return null;
  const { title } = details as { title?: unknown };
  return typeof title === 'string' && title !== '' ? title : null;
}

/**
 * The toast for a completion that did not go through. "Already completed" is news, not a failure: another
 * phone, tab or manager completed it first, and the server's sentence says who and when. So it is the plain
 * toast; any other refusal or a lost connection is the red one, under `failedTitle` unless it names its own.
 * `fallback` says what happened when the server said nothing (no connection).
 */
export function completionRefusalToast(error: unknown, failedTitle: string, fallback?: string): ToastInput {
  const done = refusalOf(error)?.body?.code === 'already_completed';
  return {
    variant: done ? 'default' : 'destructive',
    title: refusalTitle(error) ?? failedTitle,
    description: errorMessageForPerson(error, fallback),
  };
}
