import { describe, expect, test } from 'bun:test';
import type { OrderListResponse } from '@engine/order-schemas.ts';
import { QueryClient } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { startPreload } from '@web/lib/route-preload.ts';
import { authUserQueryKey } from '@web/lib/shared-reads/auth-user.ts';
import { permissionsQueryKey } from '@web/lib/shared-reads/permissions-map.ts';
import { userRoleQueryKey } from '@web/lib/shared-reads/user-role.ts';
import { installFakeFetch, json } from '@web-test/fake-fetch.ts';
import { signedInManager } from '@web-test/fixtures.ts';
import { createTestProviders } from '@web-test/query-wrapper.tsx';
import { firstOrderPageQuery, orderPagesQuery, useOrderPages } from './order-pages.ts';

const FIRST_PAGE: OrderListResponse = {
  orders: [],
  count: 0,
  total: 0,
  unspentTotal: 0,
  hasMore: false,
  nextCursor: null,
};

const orderReads = (calls: { url: string }[]) =>
  calls.filter((call) => new URL(call.url, 'http://localhost:3000').pathname === '/api/orders').length;

describe("the Orders screen's pages", () => {
  test("the route's preload reads the first page once, in the shape the screen's list keeps", async () => {
    const { calls } = installFakeFetch(() => json(FIRST_PAGE));
    const { client, wrapper } = createTestProviders();
    client.setQueryData(authUserQueryKey, signedInManager);
    client.setQueryData(userRoleQueryKey, { role: 'cafe_manager' });
    client.setQueryData(permissionsQueryKey, { cafe_manager: ['view_orders'] });

    startPreload(client, 'view_orders', () => [firstOrderPageQuery({})]);
    const { result } = renderHook(() => useOrderPages({}), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.pages).toEqual([FIRST_PAGE]);
    expect(result.current.data?.pageParams).toEqual([null]);
    expect(orderReads(calls)).toBe(1);
  });

  test('after the screen made the list a paged one and its first read failed, the preload reads one page', async () => {
    let fail = true;
    installFakeFetch(() =>
      fail ? json({ code: 'internal_error', message: 'Try again' }, { status: 500 }) : json(FIRST_PAGE),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.prefetchInfiniteQuery(orderPagesQuery({ status: 'placed' }));
    expect(client.getQueryState(orderPagesQuery({ status: 'placed' }).queryKey)?.status).toBe('error');

    fail = false;
    await client.ensureQueryData(
      firstOrderPageQuery({ status: 'placed' }) as Parameters<QueryClient['ensureQueryData']>[0],
    );
    expect(client.getQueryData(orderPagesQuery({ status: 'placed' }).queryKey)?.pages).toEqual([FIRST_PAGE]);
  });
});
