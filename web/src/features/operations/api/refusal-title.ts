import { ApiRequestError, UserFacingError } from '@web/lib/api-request.ts';

/** The title a refusal names for itself (`details.title`, e.g. 'Re-confirmation Required'), if any. */
export function refusalTitle(error: unknown): string | null {
  const source = error instanceof UserFacingError ? error.cause : error;
  if (!(source instanceof ApiRequestError)) return null;
  const details = source.body?.details;
  if (typeof details !== 'object' || details === null) return null;
  const { title } = details as { title?: unknown };
  return typeof title === 'string' && title !== '' ? title : null;
}
