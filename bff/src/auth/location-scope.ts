import type { Db } from '@db/client.ts';
import { isLocationInScope } from '@db/repositories/locations.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { LOCATION_FORBIDDEN_MESSAGE } from '@engine/errors/refusal-messages.ts';
import type { CurrentUser } from './current-user.ts';

export { LOCATION_FORBIDDEN_MESSAGE };

export async function assertLocationInScope(db: Db, user: CurrentUser, locationId: number): Promise<void> {
  if (!(await isLocationInScope(db, { userId: user.id, role: user.role }, locationId))) {
    throw AppError.forbidden(LOCATION_FORBIDDEN_MESSAGE);
  }
}
