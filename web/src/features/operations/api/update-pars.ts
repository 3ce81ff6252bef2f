import type { UpdateParsBody } from '@engine/counting-schemas.ts';
import { countingEndpoints } from '@engine/endpoints/counting-endpoints.ts';
import { call } from '@web/lib/api-client.ts';

/**
 * Set PARs autosave: PAR, lifecycle and stock status per product, all applied or none. Called by the
 * screen's outbox, which retries on its own schedule.
 */
export function updatePars(body: UpdateParsBody, signal?: AbortSignal) {
  return call(countingEndpoints.updatePars, { body }, { retries: 0, signal });
}
