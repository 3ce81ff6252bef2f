import { DISTRICT_NAME_INDEXES, LOCATION_CODE_INDEXES } from '@db/repositories/admin-locations.ts';
import { uniqueViolationOf } from '@db/repositories/admin-unique-violation.ts';
import { AppError } from '@engine/errors/app-error.ts';

/** Runs a write; a repeated district name or location code becomes a 409 saying which. */
export async function withPlaceNameConflicts<T>(
  names: { district?: string; code?: string },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const index = uniqueViolationOf(error);
    if (index !== null && DISTRICT_NAME_INDEXES.includes(index)) {
      throw AppError.conflict(`A district named '${names.district}' already exists.`);
    }
    if (index !== null && LOCATION_CODE_INDEXES.includes(index)) {
      throw AppError.conflict(`A location with the code '${names.code}' already exists.`);
    }
    throw error;
  }
}
