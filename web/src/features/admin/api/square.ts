import { squareEndpoints } from '@engine/endpoints/square-endpoints.ts';
import type { SquareOverview } from '@engine/square-schemas.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointKeyPrefix, endpointQuery } from '@web/lib/api-client.ts';

const overviewEndpoint = squareEndpoints.getSquareOverview;
export const squareOverviewQueryKey = endpointKeyPrefix(overviewEndpoint);
// Nightly Counts' figures depend on the mappings: a change here refreshes them too.
const onHandKey = endpointKeyPrefix(squareEndpoints.getSquareOnHand);

export const squareOverviewQueryOptions = () => endpointQuery(overviewEndpoint, {});

export function useSquareOverview() {
  return useQuery(squareOverviewQueryOptions());
}

/** Every write answers the new overview, so the page shows it at once and the figures are asked again. */
function useOverviewWrite<I>(write: (input: I) => Promise<SquareOverview>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (overview) => {
      queryClient.setQueryData(endpointQuery(overviewEndpoint, {}).queryKey, overview);
      await queryClient.invalidateQueries({ queryKey: onHandKey });
    },
  });
}

export const useMapSquareLocation = () =>
  useOverviewWrite((input: { locationId: number; squareLocationId: string | null }) =>
    call(
      squareEndpoints.mapSquareLocation,
      { params: { locationId: input.locationId }, body: { squareLocationId: input.squareLocationId } },
      { retries: 0 },
    ),
  );

export const useMapSquareVariation = () =>
  useOverviewWrite((input: { productId: number; squareVariationId: string | null }) =>
    call(
      squareEndpoints.mapSquareVariation,
      { params: { productId: input.productId }, body: { squareVariationId: input.squareVariationId } },
      { retries: 0 },
    ),
  );

export const useUpdateSquareSettings = () =>
  useOverviewWrite((input: { varianceThreshold: number }) =>
    call(squareEndpoints.updateSquareSettings, { body: input }, { retries: 0 }),
  );

export function useTestSquareConnection() {
  return useMutation({ mutationFn: () => call(squareEndpoints.testSquareConnection, {}, { retries: 0 }) });
}

export function useSyncSquare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(squareEndpoints.syncSquare, {}, { retries: 0 }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: squareOverviewQueryKey });
      await queryClient.invalidateQueries({ queryKey: onHandKey });
    },
  });
}
