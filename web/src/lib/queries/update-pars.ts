import { type ParsResponse, parsResponseSchema, type UpdateParsBody } from '@engine/counting-schemas.ts';
import { apiRequestJson } from '@web/lib/api-request.ts';

export const UPDATE_PARS_URL = '/api/pars';

/**
 * Set PARs autosave: PAR, lifecycle and stock status per product, all applied or none. Called by the
 * screen's outbox, which retries on its own schedule.
 */
export async function updatePars(body: UpdateParsBody): Promise<ParsResponse> {
  const answer = await apiRequestJson('PATCH', UPDATE_PARS_URL, body, { retries: 0 });
  return parsResponseSchema.parse(answer);
}
