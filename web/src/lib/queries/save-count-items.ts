import {
  type SaveCountItemsBody,
  type SaveCountItemsResponse,
  saveCountItemsResponseSchema,
} from '@engine/counting-schemas.ts';
import { apiRequestJson } from '@web/lib/api-request.ts';

export const SAVE_COUNT_ITEMS_URL = '/api/count-sessions/items';

/**
 * Autosave of Count Inventory: items as typed, each with its `typedAt`, against the session they were typed
 * in. The outbox that calls this retries on its own schedule, so the request helper does not retry too.
 */
export async function saveCountItems(body: SaveCountItemsBody): Promise<SaveCountItemsResponse> {
  const answer = await apiRequestJson('POST', SAVE_COUNT_ITEMS_URL, body, { retries: 0 });
  return saveCountItemsResponseSchema.parse(answer);
}
