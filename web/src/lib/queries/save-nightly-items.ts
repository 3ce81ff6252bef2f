import {
  type SaveNightlyItemsBody,
  type SaveNightlyItemsResponse,
  saveNightlyItemsResponseSchema,
} from '@engine/counting-schemas.ts';
import { apiRequestJson } from '@web/lib/api-request.ts';

export const SAVE_NIGHTLY_ITEMS_URL = '/api/nightly-counts/items';

/** Nightly Counts autosave: items as typed, with `typedAt`, for one business date. */
export async function saveNightlyItems(body: SaveNightlyItemsBody): Promise<SaveNightlyItemsResponse> {
  const answer = await apiRequestJson('POST', SAVE_NIGHTLY_ITEMS_URL, body, { retries: 0 });
  return saveNightlyItemsResponseSchema.parse(answer);
}
