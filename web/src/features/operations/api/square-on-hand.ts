import { lazyEndpointQuery } from '@web/lib/api-client.ts';

/**
 * The read's address, written here so that its query key is known before its declaration has loaded
 * (`square-on-hand.test.ts` holds it equal to the declaration's).
 */
export const SQUARE_ON_HAND_PATH = '/api/square/on-hand';

/*
 * Square's declarations (the admin page's routes and their schemas, built as the module runs) load with the first
 * read of the figures, not with the count screens: imported with them, they were built at every start.
 */
const loadEndpoint = async () =>
  (await import('@engine/endpoints/square-endpoints.ts')).squareEndpoints.getSquareOnHand;

/** Square's on-hand figures of a café's daily items (the server caches them briefly and says why when missing). */
export const squareOnHandQueryOptions = (locationId: number) =>
  lazyEndpointQuery([SQUARE_ON_HAND_PATH, { locationId }], loadEndpoint, { query: { locationId } });
