import {
  locationIdParamsSchema,
  mapSquareLocationBodySchema,
  mapSquareVariationBodySchema,
  productIdParamsSchema,
  squareOnHandQuerySchema,
  squareOnHandResponseSchema,
  squareOverviewSchema,
  squareSettingsBodySchema,
  squareSyncSchema,
  squareTestResultSchema,
} from '../square-schemas.ts';
import { ADMIN_PANEL } from './admin-endpoints.ts';
import { type AccessRule, defineEndpoint, type ScopeRule } from './endpoint.ts';

/** Mapping Square is chain-wide admin work, like the rest of the admin area. */
const ADMIN = { access: ADMIN_PANEL, scope: { kind: 'none' } as const satisfies ScopeRule } as const;
const NIGHTLY_COUNTS = { anyOf: ['nightly_counts'], to: 'do nightly counts' } as const satisfies AccessRule;

/** Square (decision 024): the admin page /admin/square and the on-hand figures beside Nightly Counts. */
export const squareEndpoints = {
  getSquareOverview: defineEndpoint({
    method: 'GET',
    path: '/api/admin/square',
    summary: 'Square connection, last sync, variance threshold, and the location and catalog mappings.',
    response: squareOverviewSchema,
    errors: [],
    ...ADMIN,
  }),
  testSquareConnection: defineEndpoint({
    method: 'POST',
    path: '/api/admin/square/test',
    summary: "Calls Square once (list locations): whether it answers, how fast, or Square's own message.",
    response: squareTestResultSchema,
    errors: [],
    ...ADMIN,
  }),
  syncSquare: defineEndpoint({
    method: 'POST',
    path: '/api/admin/square/sync',
    summary:
      "Reads Square's locations and catalog, keeps them for mapping and maps what is free: locations by code then name, variations by SKU then exact name.",
    response: squareSyncSchema,
    errors: [],
    ...ADMIN,
  }),
  mapSquareLocation: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/square/locations/:locationId',
    summary: 'Pairs a location with a Square location, or unpairs it (null); a sync never overrides it.',
    params: locationIdParamsSchema,
    body: mapSquareLocationBodySchema,
    response: squareOverviewSchema,
    errors: ['not_found', 'conflict'],
    ...ADMIN,
  }),
  mapSquareVariation: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/square/products/:productId',
    summary: 'Pairs a product with a Square item variation, or unpairs it (null); a sync never overrides it.',
    params: productIdParamsSchema,
    body: mapSquareVariationBodySchema,
    response: squareOverviewSchema,
    errors: ['not_found', 'conflict'],
    ...ADMIN,
  }),
  updateSquareSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/square/settings',
    summary: 'The variance (count − Square) beyond which Nightly Counts mark a row.',
    body: squareSettingsBodySchema,
    response: squareOverviewSchema,
    errors: [],
    ...ADMIN,
  }),
  getSquareOnHand: defineEndpoint({
    method: 'GET',
    path: '/api/square/on-hand',
    summary:
      "Square's on-hand figure for each daily-count product of a location, through a short cache; says why when Square is unavailable.",
    query: squareOnHandQuerySchema,
    response: squareOnHandResponseSchema,
    errors: [],
    access: NIGHTLY_COUNTS,
    scope: { kind: 'location', in: 'query', field: 'locationId' },
  }),
} as const;
