import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import { parseNavigatorSearch } from './features/navigator/model/navigator-search-params.ts';
import { parseOrdersSearch } from './features/orders/orders-search.ts';
import { SCREENS } from './features/screens/screen-catalogue.ts';
import { parseLocationSearch } from './lib/location-search.ts';
import { type PagePreload, startPreload } from './lib/route-preload.ts';
import { parseOpsDaySearch } from './routes/ops-day-search.ts';
import { RootLayout } from './routes/root-layout.tsx';
import { RouteError } from './routes/route-error.tsx';
import { RoutePending } from './routes/route-pending.tsx';
import { signInSearchSchema } from './routes/sign-in-search.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

/*
 * Requirements §2's route table, code-based. Every screen is a lazy chunk so the first load carries only the frame;
 * the signed-out landing page is part of the frame because every path shows it while auth is checked.
 */
const NotFoundPage = lazyRouteComponent(() => import('./routes/not-found-page.tsx'), 'NotFoundPage');

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
  validateSearch: signInSearchSchema,
  component: lazyRouteComponent(() => import('./routes/sign-in-page.tsx'), 'SignInPage'),
});

/** /admin only groups its pages; the overview is its index, so it outranks the section splat. */
const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
});

const importAdminPage = () => import('./routes/admin-page.tsx');

const adminIndexRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  loader: async ({ context }) =>
    startPreload(
      context.queryClient,
      SCREENS.settings.permission,
      (await importAdminPage()).preloadAdmin(null),
    ),
  component: lazyRouteComponent(importAdminPage, 'AdminPage'),
});

const adminSectionRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '$',
  // Requirements §2: an admin path that names no section falls back to the admin overview. The section list
  // (with its icons) comes with the admin page's chunk, which this route loads anyway.
  beforeLoad: async ({ params }) => {
    const { findAdminSection } = await import('./features/admin/admin-sections.ts');
    if (!findAdminSection(params._splat)) throw redirect({ to: '/admin', replace: true });
  },
  loader: async ({ context, params }) =>
    startPreload(
      context.queryClient,
      SCREENS.settings.permission,
      (await importAdminPage()).preloadAdmin(params._splat ?? null),
    ),
  component: lazyRouteComponent(importAdminPage, 'AdminSectionPage'),
});

interface PageModule {
  default: React.ComponentType;
  /** The page's reads, started while its code loads (see lib/route-preload.ts). */
  preload?: PagePreload;
}

/**
 * The loader fetches the page's chunk (the same one the lazy component needs) and starts its reads without
 * waiting for them: the screen shows its own loading and error states.
 */
function preloadingLoader(screen: keyof typeof SCREENS, importer: () => Promise<PageModule>) {
  return async ({ context }: { context: RouterContext }) => {
    const page = await importer();
    startPreload(context.queryClient, SCREENS[screen].permission, page.preload);
  };
}

function screenRoute<const TPath extends string>(
  path: TPath,
  screen: keyof typeof SCREENS,
  importer: () => Promise<PageModule>,
) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    loader: preloadingLoader(screen, importer),
    component: lazyRouteComponent(importer, 'default'),
  });
}

const importOrdersPage = () => import('./routes/orders-page.tsx');
const importApprovalsPage = () => import('./routes/approvals-page.tsx');
const importNavigatorPage = () => import('./routes/navigator-page.tsx');
const importOpsTrackerPage = () => import('./routes/ops-tracker-page.tsx');
const importCafeOpsTrackerPage = () => import('./routes/cafe-ops-tracker-page.tsx');

const screenRoutes = [
  screenRoute('/inventory', 'inventory', () => import('./routes/inventory-page.tsx')),
  screenRoute('/order-confirmation', 'viewCart', () => import('./routes/view-cart-page.tsx')),
  screenRoute('/order-management', 'orderManagement', () => import('./routes/order-management-page.tsx')),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/orders',
    validateSearch: parseOrdersSearch,
    loader: preloadingLoader('orders', importOrdersPage),
    component: lazyRouteComponent(importOrdersPage, 'default'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/approvals',
    // ?location=ID: the District Ops Tracker's link to one café's waiting orders.
    validateSearch: parseLocationSearch,
    loader: preloadingLoader('approvals', importApprovalsPage),
    component: lazyRouteComponent(importApprovalsPage, 'default'),
  }),
  screenRoute('/par-lock', 'parLock', () => import('./routes/par-lock-page.tsx')),
  // ?day=YYYY-MM-DD: the trackers' earlier day, shown as it ended.
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/ops-tracker',
    validateSearch: parseOpsDaySearch,
    loader: preloadingLoader('opsTracker', importOpsTrackerPage),
    component: lazyRouteComponent(importOpsTrackerPage, 'default'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/cafe-ops-tracker',
    validateSearch: parseOpsDaySearch,
    loader: preloadingLoader('cafeOpsTracker', importCafeOpsTrackerPage),
    component: lazyRouteComponent(importCafeOpsTrackerPage, 'default'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/navigator',
    validateSearch: parseNavigatorSearch,
    loader: preloadingLoader('navigator', importNavigatorPage),
    component: lazyRouteComponent(importNavigatorPage, 'default'),
  }),
  // Every signed-in user may change their own password: no screen permission to check.
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/account/password',
    component: lazyRouteComponent(() => import('./routes/change-password-page.tsx'), 'default'),
  }),
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

/**
 * While a screen's chunk loads. A chunk that arrives quickly shows no spinner at all, and the spinner fades in
 * (RoutePending), so one that arrives just after does not flash it. No minimum time on screen (decision 079): at a
 * start the router counted its pending state as shown while the root layout still showed the landing page, and held
 * the first screen back for that minimum once its chunk had come.
 */
export const routePending = {
  defaultPendingComponent: RoutePending,
  defaultPendingMs: 150,
  defaultPendingMinMs: 0,
} as const;

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    ...routePending,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
