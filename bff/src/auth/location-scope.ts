import type { Db } from '@db/client.ts';
import { isLocationInScope } from '@db/repositories/locations.ts';
import { AppError } from '@engine/errors/app-error.ts';
import type { CurrentUser } from './current-user.ts';

// Same answer for a location that exists elsewhere and one that does not exist: ids are not a probe.
export const LOCATION_FORBIDDEN_MESSAGE = 'You do not have access to this location.';

export async function assertLocationInScope(db: Db, user: CurrentUser, locationId: number): Promise<void> {
  if (!(await isLocationInScope(db, { userId: user.id, role: user.role }, locationId))) {
    throw AppError.forbidden(LOCATION_FORBIDDEN_MESSAGE);
  }
}
