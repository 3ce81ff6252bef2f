import type { AppDeps } from '@bff/app-deps.ts';
import { EncodedJson } from '@bff/http/encode-json-response.ts';
import type { Db } from '@db/client.ts';
import { readCompactInventoryJson } from '@db/repositories/compact-inventory-json.ts';
import { findOpenCountSession, listLocationInventory } from '@db/repositories/inventory.ts';
import type { CompactInventoryResponse, InventoryResponse } from '@engine/api-schemas.ts';
import { referenceEndpoints } from '@engine/endpoints/reference-endpoints.ts';

const NO_LOCATION: InventoryResponse = { locationId: null, countSession: null, items: [] };

async function readInventory(db: Db, locationId: number): Promise<InventoryResponse> {
  const countSession = await findOpenCountSession(db, locationId);
  const items = await listLocationInventory(db, locationId, countSession?.id ?? null);
  // Not parsed again here: with 20,000 products that took longer than the query. The rows are typed at the
  // repository (the columns' CHECKs hold the enums), and tests and dev check every answer against the schema.
  return { locationId, countSession, items };
}

export function inventoryModule({ db, routes }: AppDeps) {
  return routes().on(referenceEndpoints.inventory, async ({ query: { locationId, shape } }) => {
    // The client preloads this before a location is chosen; that is an empty answer, not an error.
    if (locationId === undefined) return NO_LOCATION;
    // The screens' shape is written by the database as it is sent (decision 066).
    if (shape === 'compact') {
      return new EncodedJson<CompactInventoryResponse>(await readCompactInventoryJson(db, locationId));
    }
    return readInventory(db, locationId);
  }).app;
}
