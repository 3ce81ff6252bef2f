import { Elysia } from 'elysia';
import { findOpenCountSession, listLocationInventory } from '../../../../db/src/repositories/inventory.ts';
import {
  type InventoryResponse,
  inventoryResponseSchema,
  locationIdSchema,
} from '../../../../engine/src/api-schemas.ts';
import type { AppDeps } from '../../app-deps.ts';
import { assertLocationInScope } from '../../auth/location-scope.ts';
import { READ_INVENTORY } from '../../auth/read-access.ts';
import { parseInput } from '../../http/parse-input.ts';

const NO_LOCATION: InventoryResponse = { locationId: null, countSession: null, items: [] };

export function inventoryModule({ db, auth }: AppDeps) {
  return new Elysia().use(auth).get(
    '/api/inventory',
    async ({ query, user }): Promise<InventoryResponse> => {
      // The client preloads this before a location is chosen; that is an empty answer, not an error.
      if (query.locationId === undefined || query.locationId === '') return NO_LOCATION;
      const locationId = parseInput(locationIdSchema, query.locationId);
      await assertLocationInScope(db, user, locationId);
      const countSession = await findOpenCountSession(db, locationId);
      const items = await listLocationInventory(db, locationId, countSession?.id ?? null);
      // Parsed so the lifecycle and status text columns reach the client as the engine's enums.
      return inventoryResponseSchema.parse({ locationId, countSession, items });
    },
    { auth: READ_INVENTORY },
  );
}
