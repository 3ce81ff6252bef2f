import { inventoryResponseSchema } from '@engine/api-schemas.ts';
import type { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '@web/lib/api-request.ts';
import { getParsed } from '@web/lib/query-client.ts';
import type { z } from 'zod';
import { CATEGORY_ORDER_URL, categoryOrderQueryKey, categoryOrderSchema } from './category-order.ts';
import { inventoryQueryKey, inventoryUrl } from './inventory.ts';
import { PRODUCTS_URL, productsQueryKey, productsSchema } from './products.ts';

export interface PreloadResult {
  url: string;
  ok: boolean;
}

/** One preload read; a failure is logged as 'Failed to fetch {url}: {status}' and reported as not ok. */
async function preloadOne(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  url: string,
  schema: z.ZodType,
): Promise<PreloadResult> {
  try {
    await queryClient.fetchQuery({
      queryKey,
      queryFn: ({ signal }) => getParsed(url, schema, { signal }),
      // The screen's own query retries later; a preload must not hold the others up with backoff.
      retry: false,
    });
    return { url, ok: true };
  } catch (error) {
    const status =
      error instanceof ApiRequestError ? error.status : error instanceof Error ? error.message : error;
    console.error(`Failed to fetch ${url}: ${status}`);
    return { url, ok: false };
  }
}

/**
 * Loads what an operation screen needs — products, the location's inventory and the category order — in
 * parallel into the query cache (spec §7). A failed read leaves its query in the error state, so the screen
 * fetches it again when it mounts, and does not stop the others.
 */
export function preloadOperationData(
  queryClient: QueryClient,
  locationId?: number | null,
): Promise<PreloadResult[]> {
  return Promise.all([
    preloadOne(queryClient, productsQueryKey, PRODUCTS_URL, productsSchema),
    preloadOne(queryClient, inventoryQueryKey(locationId), inventoryUrl(locationId), inventoryResponseSchema),
    preloadOne(queryClient, categoryOrderQueryKey, CATEGORY_ORDER_URL, categoryOrderSchema),
  ]);
}
