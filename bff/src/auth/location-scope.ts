import type { Db } from '@db/client.ts';
import { areLocationsInScope, isDistrictInScope, isLocationInScope } from '@db/repositories/locations.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { LOCATION_FORBIDDEN_MESSAGE } from '@engine/errors/refusal-messages.ts';
import type { CurrentUser } from './current-user.ts';

export { LOCATION_FORBIDDEN_MESSAGE };

export async function assertLocationInScope(db: Db, user: CurrentUser, locationId: number): Promise<void> {
  if (!(await isLocationInScope(db, { userId: user.id, role: user.role }, locationId))) {
    throw AppError.forbidden(LOCATION_FORBIDDEN_MESSAGE);
  }
}

/** A report's cafés: every named one must be the user's, and a district must hold at least one of theirs. */
export async function assertLocationsInScope(
  db: Db,
  user: CurrentUser,
  filter: { locationIds: readonly number[]; districtId: number | null },
): Promise<void> {
  const who = { userId: user.id, role: user.role };
  const allowed =
    (await areLocationsInScope(db, who, filter.locationIds)) &&
    (filter.districtId === null || (await isDistrictInScope(db, who, filter.districtId)));
  if (!allowed) throw AppError.forbidden(LOCATION_FORBIDDEN_MESSAGE);
}
