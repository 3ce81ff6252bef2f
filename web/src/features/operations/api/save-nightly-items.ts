import type { SaveNightlyItemsBody } from '@engine/counting-schemas.ts';
import { countingEndpoints } from '@engine/endpoints/counting-endpoints.ts';
import { call } from '@web/lib/api-client.ts';

/** Nightly Counts autosave: items as typed, with `typedAt`, for one business date. */
export function saveNightlyItems(body: SaveNightlyItemsBody, signal?: AbortSignal) {
  return call(countingEndpoints.saveNightlyItems, { body }, { retries: 0, signal });
}
