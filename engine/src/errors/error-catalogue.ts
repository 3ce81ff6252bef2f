/**
 * Every error code the API can answer, with its one HTTP status and a default message written for a person.
 * A route throws `new AppError(code)` (optionally with a more precise message); the BFF maps it once, the
 * endpoint declarations list which codes each route may answer, and the web client switches on the code.
 */
export const ERROR_CATALOGUE = {
  validation_failed: { status: 400, message: 'The request is not valid.' },
  invalid_json: { status: 400, message: 'The request body could not be read as JSON.' },
  location_required: { status: 400, message: 'Choose a location first.' },
  unauthorized: { status: 401, message: 'Sign in to continue.' },
  another_person_signed_in: {
    status: 401,
    message:
      'Another person signed in on this browser after this page opened, so nothing was saved under their name. What you typed stays on this device and is sent when you next sign in here. Reload to go on as the other person, or sign in again as yourself.',
  },
  account_deactivated: { status: 403, message: 'This account has been deactivated. Ask an administrator.' },
  password_change_required: { status: 403, message: 'Choose a new password to continue.' },
  forbidden: { status: 403, message: 'You do not have permission to do that.' },
  cross_site_refused: { status: 403, message: 'This request came from another site and was refused.' },
  not_found: { status: 404, message: 'Not found.' },
  conflict: { status: 409, message: 'This changed in the meantime. Reload and try again.' },
  already_completed: { status: 409, message: 'This count is already completed.' },
  reconfirmation_required: { status: 409, message: 'Some counts need to be confirmed again.' },
  nothing_counted: { status: 409, message: 'Nothing has been counted yet.' },
  count_session_changed: { status: 409, message: 'The count was restarted or cleared in the meantime.' },
  count_not_completed: { status: 409, message: 'Complete an inventory count before suggesting orders.' },
  count_already_ordered: {
    status: 409,
    message:
      'An order was already submitted after this count; suggesting again would order the same shortfall twice.',
  },
  par_locked: { status: 409, message: 'This PAR is locked.' },
  nightly_count_read_only: { status: 409, message: 'This nightly count can no longer be changed.' },
  order_changed: { status: 409, message: 'The order changed in the meantime. Reload it and try again.' },
  role_permissions_changed: {
    status: 409,
    message: "This role's permissions changed since you opened them. Reload to see them.",
  },
  invalid_transition: { status: 409, message: 'The order cannot take this step in its current status.' },
  idempotency_key_reused: { status: 409, message: 'This submission key was already used for another order.' },
  cart_empty: { status: 409, message: 'The cart is empty.' },
  cart_changed: { status: 409, message: 'The shopping list changed on another device.' },
  products_not_orderable: { status: 409, message: 'Some products can no longer be ordered.' },
  ops_day_closed: { status: 409, message: "This day's checklist can no longer be changed." },
  task_not_due: { status: 409, message: "This task is not on this day's checklist." },
  payload_too_large: { status: 413, message: 'The request body is too large.' },
  unsupported_media_type: {
    status: 415,
    message: 'Send the request body as JSON, with the header Content-Type: application/json.',
  },
  rate_limited: { status: 429, message: 'Too many attempts. Wait a moment and try again.' },
  internal_error: { status: 500, message: 'Something went wrong on our side. Please try again.' },
  service_unavailable: { status: 503, message: 'The service is unavailable. Please try again shortly.' },
  database_unavailable: {
    status: 503,
    message: 'Parstock cannot reach its database right now. Nothing was lost; try again in a few seconds.',
  },
  server_busy: {
    status: 503,
    message: 'Parstock is too busy to take this right now. Nothing was changed; try again in a few seconds.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

/** The body of every error answer: `code` from the catalogue, `message` for people, `details` for forms. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  details?: unknown;
}
