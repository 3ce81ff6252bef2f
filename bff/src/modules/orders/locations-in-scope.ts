import type { CurrentUser } from '@bff/auth/current-user.ts';
import type { Db } from '@db/client.ts';
import { listLocationsInScope } from '@db/repositories/locations.ts';

/** The ids of the user's cafés, which every order list is narrowed to. */
export async function locationIdsInScope(db: Db, user: CurrentUser): Promise<number[]> {
  const locations = await listLocationsInScope(db, { userId: user.id, role: user.role });
  return locations.map((location) => location.id);
}
