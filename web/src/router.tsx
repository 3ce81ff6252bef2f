import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import { findAdminSection } from './features/admin/admin-sections.ts';
import { parseOrdersSearch } from './features/orders/orders-search.ts';
import { NotFoundPage } from './routes/not-found-page.tsx';
import { RootLayout } from './routes/root-layout.tsx';
import { RouteError } from './routes/route-error.tsx';
import { RoutePending } from './routes/route-pending.tsx';
import { parseSignInSearch } from './routes/sign-in-search.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

/*
 * Spec §2's route table, code-based. Every screen is a lazy chunk so the first load carries only the frame;
 * the signed-out landing page is part of the frame because every path shows it while auth is checked.
 */
const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./routes/home-page.tsx'), 'HomePage'),
});

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: parseSignInSearch,
  component: lazyRouteComponent(() => import('./routes/sign-in-page.tsx'), 'SignInPage'),
});

/** /admin only groups its pages; the overview is its index, so it outranks the section splat. */
const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
});

const adminIndexRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./routes/admin-page.tsx'), 'AdminPage'),
});

const adminSectionRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '$',
  // Spec §2: an admin path that names no section falls back to the admin overview.
  beforeLoad: ({ params }) => {
    if (!findAdminSection(params._splat)) throw redirect({ to: '/admin', replace: true });
  },
  component: lazyRouteComponent(() => import('./routes/admin-page.tsx'), 'AdminSectionPage'),
});

function screenRoute<const TPath extends string>(
  path: TPath,
  importer: () => Promise<{ default: React.ComponentType }>,
) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    component: lazyRouteComponent(importer, 'default'),
  });
}

const screenRoutes = [
  screenRoute('/inventory', () => import('./routes/inventory-page.tsx')),
  screenRoute('/order-confirmation', () => import('./routes/view-cart-page.tsx')),
  screenRoute('/order-management', () => import('./routes/order-management-page.tsx')),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/orders',
    validateSearch: parseOrdersSearch,
    component: lazyRouteComponent(() => import('./routes/orders-page.tsx'), 'default'),
  }),
  screenRoute('/approvals', () => import('./routes/approvals-page.tsx')),
  screenRoute('/par-lock', () => import('./routes/par-lock-page.tsx')),
  screenRoute('/ops-tracker', () => import('./routes/ops-tracker-page.tsx')),
  screenRoute('/cafe-ops-tracker', () => import('./routes/cafe-ops-tracker-page.tsx')),
  screenRoute('/navigator', () => import('./routes/navigator-page.tsx')),
  screenRoute('/account/password', () => import('./routes/change-password-page.tsx')),
];

/** Anything else is the not-found page (inside the signed-in frame; signed-out visitors see the landing page). */
const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  component: NotFoundPage,
});

const routeTree = rootRoute.addChildren([
  homeRoute,
  signInRoute,
  adminRoute.addChildren([adminIndexRoute, adminSectionRoute]),
  ...screenRoutes,
  notFoundRoute,
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPendingComponent: RoutePending,
    // A chunk that arrives quickly shows no spinner at all; a slow one shows it long enough not to flicker.
    defaultPendingMs: 150,
    defaultPendingMinMs: 300,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
