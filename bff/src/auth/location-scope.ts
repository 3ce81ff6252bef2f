import type { Db } from '@db/client.ts';
import {
  areCafesInReportScope,
  districtHasCafes,
  isClosedCafeInReach,
  isDistrictInReportScope,
} from '@db/repositories/locations.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { CLOSED_CAFE_MESSAGE, LOCATION_FORBIDDEN_MESSAGE } from '@engine/errors/refusal-messages.ts';
import type { CurrentUser } from './current-user.ts';

export { LOCATION_FORBIDDEN_MESSAGE };

/** The scope was read with the session in this request's access step, so it is as fresh as the session. */
export function assertLocationInScope(user: CurrentUser, locationId: number): void {
  if (!user.locationScope.has(locationId)) throw AppError.forbidden(LOCATION_FORBIDDEN_MESSAGE);
}

/**
 * As `assertLocationInScope`, and a refusal of a café closed since, within the user's reach, says it is closed.
 * The lookup happens on refusals only; a café outside the user's reach still reads as any unknown id.
 */
export async function assertLocationUsable(db: Db, user: CurrentUser, locationId: number): Promise<void> {
  if (user.locationScope.has(locationId)) return;
  if (Number.isSafeInteger(locationId) && locationId > 0) {
    if (await isClosedCafeInReach(db, { userId: user.id, role: user.role }, locationId)) {
      throw AppError.forbidden(CLOSED_CAFE_MESSAGE);
    }
  }
  throw AppError.forbidden(LOCATION_FORBIDDEN_MESSAGE);
}

/**
 * A report's cafés: every named one must be in the user's report scope, and a district must hold at least one
 * of those. The session's scope holds open cafés only; a closed café of the user's reach (decision 103) is
 * looked up, so a report naming only open cafés asks the database nothing more.
 */
export async function assertLocationsInScope(
  db: Db,
  user: CurrentUser,
  filter: { locationIds: readonly number[]; districtId: number | null },
): Promise<void> {
  const who = { userId: user.id, role: user.role };
  const notOpen = filter.locationIds.filter((id) => !user.locationScope.has(id));
  const allowed =
    (notOpen.length === 0 || (await areCafesInReportScope(db, who, notOpen))) &&
    (filter.districtId === null || (await isDistrictInReportScope(db, who, filter.districtId)));
  if (allowed) return;
  // A district with no café at all is nobody's to be refused: say what is wrong with it instead.
  if (filter.districtId !== null && !(await districtHasCafes(db, filter.districtId))) {
    throw AppError.validation('That district has no cafés yet, so there is nothing to report for it.');
  }
  throw AppError.forbidden(LOCATION_FORBIDDEN_MESSAGE);
}
