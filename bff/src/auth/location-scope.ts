import { AppError } from '@engine/errors/app-error.ts';
import { LOCATION_FORBIDDEN_MESSAGE } from '@engine/errors/refusal-messages.ts';
import type { CurrentUser } from './current-user.ts';

export { LOCATION_FORBIDDEN_MESSAGE };

/** The scope was read with the session in this request's access step, so it is as fresh as the session. */
export function assertLocationInScope(user: CurrentUser, locationId: number): void {
  if (!user.locationScope.has(locationId)) throw AppError.forbidden(LOCATION_FORBIDDEN_MESSAGE);
}
