import type { ApiError } from '@engine/api-schemas.ts';

export type AppErrorCode =
  | 'validation_failed'
  | 'invalid_json'
  | 'unauthorized'
  | 'account_deactivated'
  | 'password_change_required'
  | 'forbidden'
  | 'cross_site_refused'
  | 'not_found'
  | 'conflict'
  | 'already_completed'
  | 'reconfirmation_required'
  | 'nothing_counted'
  | 'location_required'
  | 'count_session_changed'
  | 'par_locked'
  | 'nightly_count_read_only'
  | 'rate_limited'
  | 'service_unavailable'
  | 'internal_error';

/**
 * The one error type route code throws. `onError` turns it into `{ code, message, details? }` with
 * `status`; `message` is shown to people as is, so it is written for them, never a stack or SQL text.
 */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;
  readonly details: unknown;
  /** Extra response headers, e.g. Retry-After on a rate limit. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    code: AppErrorCode,
    status: number,
    message: string,
    options: { details?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }

  toBody(): ApiError {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }

  static validation(message: string, details?: unknown): AppError {
    return new AppError('validation_failed', 400, message, { details });
  }

  static unauthorized(message = 'Sign in to continue.'): AppError {
    return new AppError('unauthorized', 401, message);
  }

  static forbidden(message: string): AppError {
    return new AppError('forbidden', 403, message);
  }

  static notFound(message: string): AppError {
    return new AppError('not_found', 404, message);
  }
}
