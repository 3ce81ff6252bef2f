import { describe, expect, test } from 'bun:test';
import { squareEndpoints } from '@engine/endpoints/square-endpoints.ts';
import { endpointQueryKey } from '@web/lib/api-client.ts';
import { SQUARE_ON_HAND_PATH, squareOnHandQueryOptions } from './square-on-hand.ts';

describe('Square on-hand read', () => {
  test('its key is the one its declaration gives, though the declaration loads only with the first read', () => {
    expect(SQUARE_ON_HAND_PATH).toBe(squareEndpoints.getSquareOnHand.path);
    const declared: readonly unknown[] = endpointQueryKey(squareEndpoints.getSquareOnHand, {
      query: { locationId: 3 },
    });
    expect([...squareOnHandQueryOptions(3).queryKey] as unknown[]).toEqual([...declared]);
  });
});
