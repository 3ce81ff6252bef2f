import { countingEndpoints } from '@engine/endpoints/counting-endpoints.ts';
import { call } from '@web/lib/api-client.ts';
import type { SendPars } from '../model/apply-suggested-pars.ts';

/** Suggested PARs go through Set PARs' own route: its locks, scope check and audit apply unchanged. */
export const sendPars: SendPars = (locationId, items) =>
  call(countingEndpoints.updatePars, { body: { locationId, items } }, { retries: 0 });
