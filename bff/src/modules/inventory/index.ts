import type { AppDeps } from '@bff/app-deps.ts';
import { assertLocationInScope } from '@bff/auth/location-scope.ts';
import { READ_INVENTORY } from '@bff/auth/read-access.ts';
import { parseInput } from '@bff/http/parse-input.ts';
import { findOpenCountSession, listLocationInventory } from '@db/repositories/inventory.ts';
import { type InventoryResponse, inventoryResponseSchema, locationIdSchema } from '@engine/api-schemas.ts';
import { Elysia } from 'elysia';

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
