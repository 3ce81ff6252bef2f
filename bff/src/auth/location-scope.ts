import type { Db } from '@db/client.ts';
import { isDistrictInScope } from '@db/repositories/locations.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { LOCATION_FORBIDDEN_MESSAGE } from '@engine/errors/refusal-messages.ts';
import type { CurrentUser } from './current-user.ts';

export { LOCATION_FORBIDDEN_MESSAGE };

/** The scope was read with the session in this request's access step, so it is as fresh as the session. */
export function assertLocationInScope(user: CurrentUser, locationId: number): void {
  if (!user.locationScope.has(locationId)) throw AppError.forbidden(LOCATION_FORBIDDEN_MESSAGE);
}

/** A report's cafés: every named one must be the user's, and a district must hold at least one of theirs. */
export async function assertLocationsInScope(
  db: Db,
  user: CurrentUser,
  filter: { locationIds: readonly number[]; districtId: number | null },
): Promise<void> {
  const allowed =
    filter.locationIds.every((id) => user.locationScope.has(id)) &&
    (filter.districtId === null ||
      (await isDistrictInScope(db, { userId: user.id, role: user.role }, filter.districtId)));
  if (!allowed) throw AppError.forbidden(LOCATION_FORBIDDEN_MESSAGE);
}
