import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';

/**
 * The search a page reads for `href` when its route checks the search with `validateSearch`. The router lays
 * the checked values over the raw ones from the address, so a key a check leaves out keeps its raw value:
 * testing the check on its own cannot show that. Typed as the check promises; what the test asserts is whether it holds.
 */
export function searchSeenByPage<TSearch extends object>(
  validateSearch: (search: Record<string, unknown>) => TSearch,
  href: string,
): TSearch {
  const rootRoute = createRootRoute();
  const pageRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: new URL(href, 'http://parstock.invalid').pathname,
    validateSearch,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([pageRoute]),
    history: createMemoryHistory({ initialEntries: [href] }),
  });
  const matches = router.matchRoutes(router.state.location);
  return { ...matches.at(-1)?.search } as TSearch;
}
