import type { SaveCountItemsBody } from '@engine/counting-schemas.ts';
import { countingEndpoints } from '@engine/endpoints/counting-endpoints.ts';
import { call } from '@web/lib/api-client.ts';

/**
 * Autosave of Count Inventory: items as typed, each with its `typedAt`, against the session they were typed
 * in. The outbox that calls this retries on its own schedule, so the request helper does not retry too.
 */
export function saveCountItems(body: SaveCountItemsBody, signal?: AbortSignal) {
  return call(countingEndpoints.saveCountItems, { body }, { retries: 0, signal });
}
