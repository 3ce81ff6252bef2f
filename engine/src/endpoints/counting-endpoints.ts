import { z } from 'zod';
import { countCompletionSchema, locationIdSchema } from '../api-schemas.ts';
import {
  clearCountBodySchema,
  clearCountResponseSchema,
  completeNightlyCountBodySchema,
  completeNightlyCountResponseSchema,
  confirmCountItemsBodySchema,
  confirmCountItemsResponseSchema,
  nightlyCountQuerySchema,
  nightlyCountResponseSchema,
  parsResponseSchema,
  saveCountItemsBodySchema,
  saveCountItemsResponseSchema,
  saveNightlyItemsBodySchema,
  saveNightlyItemsResponseSchema,
  startCountBodySchema,
  startCountResponseSchema,
  updateParsBodySchema,
} from '../counting-schemas.ts';
import {
  parLockChangeBodySchema,
  parLockChangeResponseSchema,
  parLocksResponseSchema,
} from '../par-lock-schemas.ts';
import { BATCH_BODY_LIMIT } from './body-limits.ts';
import { type AccessRule, defineEndpoint } from './endpoint.ts';
import { READ_INVENTORY } from './reference-endpoints.ts';

const COUNT_INVENTORY = { anyOf: ['count_inventory'], to: 'count inventory' } as const satisfies AccessRule;
const COUNT_LOCATION = { kind: 'location', in: 'body', field: 'locationId' } as const;
const NIGHTLY_COUNTS = { anyOf: ['nightly_counts'], to: 'do nightly counts' } as const satisfies AccessRule;
const PAR_LOCK_MANAGEMENT = {
  anyOf: ['par_lock_management'],
  to: 'lock or unlock PARs',
} as const satisfies AccessRule;

const locationParamsSchema = z.object({ locationId: locationIdSchema });

/**
 * "Complete count" without a location is the completion guard's own refusal ("Select a location…", 400
 * location_required), not a parse error, so a blank or missing location passes validation as absent.
 */
const completeCountBodySchema = z.object({
  locationId: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    locationIdSchema.optional(),
  ),
});

/** Set PARs, Count Inventory, Nightly Counts and Par Lock: the operation screens and the lock screen. */
export const countingEndpoints = {
  updatePars: defineEndpoint({
    method: 'PATCH',
    path: '/api/pars',
    summary:
      'Set PAR, lifecycle, stock status and backordered for products at one location, all or nothing (locked PARs need par_lock_management).',
    body: updateParsBodySchema,
    bodyLimit: BATCH_BODY_LIMIT,
    response: parsResponseSchema,
    errors: ['par_locked'],
    access: { anyOf: ['set_pars'], to: 'set PARs' },
    scope: { kind: 'location', in: 'body', field: 'locationId' },
  }),
  startCount: defineEndpoint({
    method: 'POST',
    path: '/api/count-sessions/start',
    summary: 'Start (or restart) the inventory count of a location.',
    body: startCountBodySchema,
    response: startCountResponseSchema,
    status: 201,
    errors: ['count_session_changed'],
    access: COUNT_INVENTORY,
    scope: COUNT_LOCATION,
  }),
  clearCount: defineEndpoint({
    method: 'POST',
    path: '/api/count-sessions/clear',
    summary: 'Clear every counted value of the open count of a location.',
    body: clearCountBodySchema,
    response: clearCountResponseSchema,
    errors: ['count_session_changed', 'already_completed'],
    access: COUNT_INVENTORY,
    scope: COUNT_LOCATION,
  }),
  saveCountItems: defineEndpoint({
    method: 'POST',
    path: '/api/count-sessions/items',
    summary: 'Autosave a batch of counted values; per item the last typed value wins.',
    body: saveCountItemsBodySchema,
    bodyLimit: BATCH_BODY_LIMIT,
    response: saveCountItemsResponseSchema,
    // server_busy: a batch that waited too long for the database is refused unsaved (decision 064).
    errors: ['count_session_changed', 'server_busy'],
    access: COUNT_INVENTORY,
    scope: COUNT_LOCATION,
  }),
  confirmCountItems: defineEndpoint({
    method: 'POST',
    path: '/api/count-sessions/confirm',
    summary: 'Confirm counted values that need a second look.',
    body: confirmCountItemsBodySchema,
    response: confirmCountItemsResponseSchema,
    errors: ['count_session_changed'],
    access: COUNT_INVENTORY,
    scope: COUNT_LOCATION,
  }),
  getActiveCountCompletion: defineEndpoint({
    method: 'GET',
    path: '/api/count-completions/active/:locationId',
    summary: 'The active count completion of a location; 404 while its current count is not completed.',
    params: locationParamsSchema,
    response: countCompletionSchema,
    errors: ['not_found'],
    access: READ_INVENTORY,
    scope: { kind: 'location', in: 'params', field: 'locationId' },
  }),
  completeCount: defineEndpoint({
    method: 'POST',
    path: '/api/count-completions/complete',
    summary: 'Complete the open count of a location, so the Shopping List can suggest orders from it.',
    body: completeCountBodySchema,
    response: countCompletionSchema,
    status: 201,
    errors: [
      'location_required',
      'already_completed',
      'reconfirmation_required',
      'nothing_counted',
      'conflict',
    ],
    access: { anyOf: ['count_inventory'], to: 'complete counts' },
    scope: { kind: 'location', in: 'body', field: 'locationId', optional: true },
  }),
  getNightlyCount: defineEndpoint({
    method: 'GET',
    path: '/api/nightly-counts',
    summary:
      "A location's nightly count of one business date (today in the location's time zone by default).",
    query: nightlyCountQuerySchema,
    response: nightlyCountResponseSchema,
    errors: [],
    access: NIGHTLY_COUNTS,
    scope: { kind: 'location', in: 'query', field: 'locationId' },
  }),
  saveNightlyItems: defineEndpoint({
    method: 'POST',
    path: '/api/nightly-counts/items',
    summary:
      'Autosave a batch of nightly counted values for one business date; per item the last typed value wins.',
    body: saveNightlyItemsBodySchema,
    bodyLimit: BATCH_BODY_LIMIT,
    response: saveNightlyItemsResponseSchema,
    errors: ['nightly_count_read_only'],
    access: NIGHTLY_COUNTS,
    scope: COUNT_LOCATION,
  }),
  completeNightlyCount: defineEndpoint({
    method: 'POST',
    path: '/api/nightly-counts/complete',
    summary: 'Complete the nightly count of one business date.',
    body: completeNightlyCountBodySchema,
    response: completeNightlyCountResponseSchema,
    errors: ['nightly_count_read_only', 'nothing_counted', 'already_completed'],
    access: NIGHTLY_COUNTS,
    scope: COUNT_LOCATION,
  }),
  getParLocks: defineEndpoint({
    method: 'GET',
    path: '/api/par-locks/:locationId',
    summary: 'Every product still sold with whether its PAR is locked at the location.',
    params: locationParamsSchema,
    response: parLocksResponseSchema,
    errors: [],
    access: PAR_LOCK_MANAGEMENT,
    scope: { kind: 'location', in: 'params', field: 'locationId' },
  }),
  changeParLocks: defineEndpoint({
    method: 'POST',
    path: '/api/par-locks/:locationId',
    summary: 'Lock or unlock PARs at a location by product, by category or all at once.',
    params: locationParamsSchema,
    body: parLockChangeBodySchema,
    bodyLimit: BATCH_BODY_LIMIT,
    response: parLockChangeResponseSchema,
    errors: [],
    access: PAR_LOCK_MANAGEMENT,
    scope: { kind: 'location', in: 'params', field: 'locationId' },
  }),
};
