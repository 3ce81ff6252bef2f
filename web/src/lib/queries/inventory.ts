import { type InventoryResponse, inventoryResponseSchema } from '@engine/api-schemas.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed } from '@web/lib/query-client.ts';

export const INVENTORY_URL = '/api/inventory';

/** Invalidate with `['/api/inventory']` to refresh every location's inventory at once. */
export const inventoryQueryKey = (locationId?: number | null) =>
  [INVENTORY_URL, { locationId: locationId ?? null }] as const;

export function inventoryUrl(locationId?: number | null): string {
  return locationId == null
    ? INVENTORY_URL
    : `${INVENTORY_URL}?${new URLSearchParams({ locationId: String(locationId) })}`;
}

export function fetchInventory(locationId?: number | null, signal?: AbortSignal): Promise<InventoryResponse> {
  return getParsed(inventoryUrl(locationId), inventoryResponseSchema, { signal });
}

export const inventoryQueryOptions = (locationId?: number | null) =>
  queryOptions({
    queryKey: inventoryQueryKey(locationId),
    queryFn: ({ signal }) => fetchInventory(locationId, signal),
  });

export function useInventory(locationId?: number | null, options: { enabled?: boolean } = {}) {
  return useQuery({ ...inventoryQueryOptions(locationId), enabled: options.enabled ?? true });
}
