import { orderingEndpoints as api } from '@engine/endpoints/ordering-endpoints.ts';
import type { OrderListResponse } from '@engine/order-schemas.ts';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { call, endpointQueryKey } from '@web/lib/api-client.ts';
import { type OrderFilters, orderFiltersQuery } from '@web/lib/orders/order-queries.ts';

/** Where a page of the Orders screen starts: null for the newest, else the page before's `nextCursor`. */
type PageCursor = string | null;

type OrderPages = InfiniteData<OrderListResponse, PageCursor>;

/**
 * The key of the Orders screen's pages. Beside the one-page list's key (Order Management reads the same filters with
 * `useOrders`): the two hold different shapes, and one must not read the other's. Under the endpoint's prefix, so
 * `invalidateOrders` reaches it; an invalidation reads every page shown again, from their own cursors.
 */
function orderPagesKey(filters: OrderFilters) {
  return [...endpointQueryKey(api.listOrders, { query: orderFiltersQuery(filters) }), 'pages'] as const;
}

function readPage(filters: OrderFilters, cursor: PageCursor, signal: AbortSignal) {
  return call(
    api.listOrders,
    { query: { ...orderFiltersQuery(filters), cursor: cursor ?? undefined } },
    { signal, retries: 0 },
  );
}

/** The Orders screen's list: the newest orders the filters match, then older pages as they are asked for. */
export const orderPagesQuery = (filters: OrderFilters) =>
  infiniteQueryOptions({
    queryKey: orderPagesKey(filters),
    queryFn: ({ pageParam, signal }) => readPage(filters, pageParam, signal),
    initialPageParam: null as PageCursor,
    getNextPageParam: (page) => page.nextCursor,
  });

/**
 * The first page, for the route's preload. The preload runs `ensureQueryData` (it is in the first script, which
 * stays as small as it is), so on a query not read yet this runs as a plain one: it writes the first page in the shape
 * the screen's infinite query keeps, under the same key. On a query the screen made an infinite one already (its
 * first read cancelled or failed), the query pages and hands a page param: this reads that page alone.
 */
export const firstOrderPageQuery = (filters: OrderFilters) => ({
  queryKey: orderPagesKey(filters),
  queryFn: async (context: {
    signal: AbortSignal;
    pageParam?: unknown;
  }): Promise<OrderPages | OrderListResponse> =>
    'pageParam' in context
      ? readPage(filters, typeof context.pageParam === 'string' ? context.pageParam : null, context.signal)
      : { pages: [await readPage(filters, null, context.signal)], pageParams: [null] },
});

export function useOrderPages(filters: OrderFilters, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...orderPagesQuery(filters), enabled: options.enabled ?? true });
}

/**
 * Filters chosen again, or the screen opened again, start from the newest orders: the older pages loaded for them
 * before are dropped, and an older page's failure with them (the first page stays, with its time, so a stale one is
 * read again as usual).
 */
export function startFromNewest(queryClient: QueryClient, filters: OrderFilters): void {
  const { queryKey } = orderPagesQuery(filters);
  const state = queryClient.getQueryState(queryKey);
  if (!state?.data || (state.data.pages.length <= 1 && state.status !== 'error')) return;
  const { pages, pageParams } = state.data;
  queryClient.setQueryData(
    queryKey,
    { pages: pages.slice(0, 1), pageParams: pageParams.slice(0, 1) },
    { updatedAt: state.dataUpdatedAt },
  );
}
