import { squareEndpoints } from '@engine/endpoints/square-endpoints.ts';
import { endpointKeyPrefix, endpointQuery } from '@web/lib/api-client.ts';

const endpoint = squareEndpoints.getSquareOnHand;

export const squareOnHandKeyPrefix = endpointKeyPrefix(endpoint);

/** Square's on-hand figures of a café's daily items (the server caches them briefly and says why when missing). */
export const squareOnHandQueryOptions = (locationId: number) =>
  endpointQuery(endpoint, { query: { locationId } });
