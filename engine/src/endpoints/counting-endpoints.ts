import {
  clearCountBodySchema,
  clearCountResponseSchema,
  confirmCountItemsBodySchema,
  confirmCountItemsResponseSchema,
  parsResponseSchema,
  saveCountItemsBodySchema,
  saveCountItemsResponseSchema,
  startCountBodySchema,
  startCountResponseSchema,
  updateParsBodySchema,
} from '../counting-schemas.ts';
import { type AccessRule, defineEndpoint } from './endpoint.ts';

const COUNT_INVENTORY = { anyOf: ['count_inventory'], to: 'count inventory' } as const satisfies AccessRule;
const COUNT_LOCATION = { kind: 'location', in: 'body', field: 'locationId' } as const;

/** Set PARs and Count Inventory: the writes behind the operation screens. */
export const countingEndpoints = {
  updatePars: defineEndpoint({
    method: 'PATCH',
    path: '/api/pars',
    summary:
      'Set PAR, lifecycle, stock status and backordered for products at one location, all or nothing (locked PARs need par_lock_management).',
    body: updateParsBodySchema,
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
    errors: [],
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
    response: saveCountItemsResponseSchema,
    errors: ['count_session_changed'],
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
};
