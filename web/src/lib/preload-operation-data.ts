import { referenceEndpoints } from '@engine/endpoints/reference-endpoints.ts';
import type { QueryClient } from '@tanstack/react-query';
import { endpointUrl } from './api-client.ts';
import { ApiRequestError } from './api-request.ts';
import { checkLargeAnswersFast } from './fast-answer-checks.ts';
import { categoryOrderQueryOptions } from './shared-reads/category-order.ts';
import { inventoryQueryOptions, inventoryUrl } from './shared-reads/inventory.ts';
import { productsQueryOptions, productsUrl } from './shared-reads/products.ts';

checkLargeAnswersFast([referenceEndpoints.products, referenceEndpoints.inventory]);

const categoryOrderUrl = endpointUrl(referenceEndpoints.categoryOrder, {});

export interface PreloadResult {
  url: string;
  ok: boolean;
}

/**
 * One preload read (`read`: the query fetched without retries, since the screen's own query retries later and
 * a preload must not hold the others up with backoff); a failure is logged as 'Failed to fetch {url}: {status}'
 * and reported as not ok.
 */
async function preloadOne(url: string, read: () => Promise<unknown>, quiet: boolean): Promise<PreloadResult> {
  try {
    await read();
    return { url, ok: true };
  } catch (error) {
    const status =
      error instanceof ApiRequestError ? error.status : error instanceof Error ? error.message : error;
    if (!quiet) console.error(`Failed to fetch ${url}: ${status}`);
    return { url, ok: false };
  }
}

/** The addresses of the three reads below, as they are asked: kept for the next start to send early (decision 080). */
export function operationReadUrls(locationId: number): string[] {
  return [productsUrl, inventoryUrl(locationId), categoryOrderUrl];
}

/**
 * Loads what an operation screen needs — products, the location's inventory and the category order — in
 * parallel into the query cache (requirements §7). A failed read leaves its query in the error state, so the screen
 * fetches it again when it mounts, and does not stop the others. `quiet` leaves failures unlogged: a start
 * on the café stored last time, before the person's cafés are known, which the checked preload repeats.
 */
export function preloadOperationData(
  queryClient: QueryClient,
  locationId?: number | null,
  quiet = false,
): Promise<PreloadResult[]> {
  return Promise.all([
    preloadOne(productsUrl, () => queryClient.fetchQuery({ ...productsQueryOptions(), retry: false }), quiet),
    preloadOne(
      inventoryUrl(locationId),
      () => queryClient.fetchQuery({ ...inventoryQueryOptions(locationId), retry: false }),
      quiet,
    ),
    preloadOne(
      categoryOrderUrl,
      () => queryClient.fetchQuery({ ...categoryOrderQueryOptions(), retry: false }),
      quiet,
    ),
  ]);
}
