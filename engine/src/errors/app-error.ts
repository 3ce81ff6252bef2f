import { ERROR_CATALOGUE, type ErrorBody, type ErrorCode } from './error-catalogue.ts';

/**
 * The one error type use cases and routes throw. Its status comes from the catalogue, so the same refusal
 * has the same status everywhere; `message` is shown to people as is, so it is written for them, never a
 * stack or SQL text. The BFF's `onError` turns it into `{ code, message, details? }`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;
  /** Extra response headers, e.g. Retry-After on a rate limit. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    code: ErrorCode,
    message: string = ERROR_CATALOGUE[code].message,
    /** `cause`: what lay beneath (a driver's error), for the log only; never sent to the person. */
    options: { details?: unknown; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }

  toBody(): ErrorBody {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }

  static validation(message: string, details?: unknown): AppError {
    return new AppError('validation_failed', message, { details });
  }

  static unauthorized(message?: string): AppError {
    return new AppError('unauthorized', message);
  }

  static forbidden(message: string): AppError {
    return new AppError('forbidden', message);
  }

  static notFound(message: string): AppError {
    return new AppError('not_found', message);
  }

  static conflict(message: string): AppError {
    return new AppError('conflict', message);
  }
}
