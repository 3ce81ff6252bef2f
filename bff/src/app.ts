import type { Db } from '@db/client.ts';
import { findOrderLocationId } from '@db/repositories/orders.ts';
import { orderNotFound } from '@db/use-cases/order-refusals.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { noApiRouteMessage, notFoundMessage } from '@engine/errors/refusal-messages.ts';
import { Elysia } from 'elysia';
import type { AppDeps, Logger } from './app-deps.ts';
import { AdmittedAccess } from './auth/admitted-access.ts';
import type { AppConfig } from './config.ts';
import { databaseOutageLog } from './errors/database-outage-log.ts';
import { errorResponse } from './errors/error-response.ts';
import { ApiRoutes, type ApiRoutesOptions } from './http/api-routes.ts';
import { assertSameOrigin } from './http/cross-origin-guard.ts';
import { encodeJsonResponse } from './http/encode-json-response.ts';
import { ReportGate } from './http/report-gate.ts';
import { isHttps } from './http/request-origin.ts';
import {
  API_CACHE_CONTROL,
  isApiPath,
  SECURITY_HEADERS,
  STRICT_TRANSPORT_SECURITY,
} from './http/security-headers.ts';
import { SQUARE_NOT_CONNECTED, type SquareConnection } from './integrations/square/square-connection.ts';
import { RequestStatsRecorder } from './modules/admin/api-health/request-stats-recorder.ts';
import { adminModule } from './modules/admin/index.ts';
import { apiDocsModule } from './modules/api-docs/index.ts';
import { approvalsModule } from './modules/approvals/index.ts';
import { authModule } from './modules/auth/index.ts';
import { cartModule } from './modules/cart/index.ts';
import { categoryOrderModule } from './modules/category-order/index.ts';
import { countCompletionsModule } from './modules/count-completions/index.ts';
import { countSessionsModule } from './modules/count-sessions/index.ts';
import { healthModule } from './modules/health/index.ts';
import { inventoryModule } from './modules/inventory/index.ts';
import { inventoryManagementModule } from './modules/inventory-management/index.ts';
import { locationsModule } from './modules/locations/index.ts';
import { meModule } from './modules/me/index.ts';
import { nightlyCountsModule } from './modules/nightly-counts/index.ts';
import { opsTrackersModule } from './modules/ops-trackers/index.ts';
import { ordersModule } from './modules/orders/index.ts';
import { parLocksModule } from './modules/par-locks/index.ts';
import { parsModule } from './modules/pars/index.ts';
import { permissionsModule } from './modules/permissions/index.ts';
import { productsModule } from './modules/products/index.ts';
import { reportsModule } from './modules/reports/index.ts';
import { squareModule } from './modules/square/index.ts';
import { SquareService } from './modules/square/square-service.ts';
import { tabsModule } from './modules/tabs/index.ts';
import { uiSettingsModule } from './modules/ui-settings/index.ts';
import { webAppHandler } from './web/serve-web-app.ts';

export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  error: (message, error) => (error === undefined ? console.error(message) : console.error(message, error)),
};

export interface CreateAppOptions {
  db: Db;
  config: AppConfig;
  logger?: Logger;
  /** The clock for "today" (nightly counts' business dates); tests fix it. */
  now?: () => Date;
  /**
   * The clock sign-in attempt limits are judged by; the database's when absent, so every instance agrees.
   * Tests fix it so a wait never runs out mid-test.
   */
  signInLimitsClock?: () => Date;
  /** Counts API answers for the API-health view; the server passes its own to flush it at shutdown. */
  requestStats?: RequestStatsRecorder;
  /**
   * How Square is reached. The server opens it from the settings (the demo simulator on the embedded demo);
   * tests pass their own local Square server, and without one Square is not connected.
   */
  square?: SquareConnection | SquareService;
}

function apiNotFound(request: Request): never {
  throw AppError.notFound(noApiRouteMessage(request.method, new URL(request.url).pathname));
}

/** The whole HTTP surface: /api routes, then the web app for every other GET. */
export function createApp({
  db,
  config,
  logger = consoleLogger,
  now = () => new Date(),
  requestStats = new RequestStatsRecorder({ db, logger }),
  signInLimitsClock,
  square = SQUARE_NOT_CONNECTED,
}: CreateAppOptions) {
  const deps: AppDeps = {
    db,
    config,
    logger,
    square: square instanceof SquareService ? square : new SquareService(db, square, logger, { now }),
    routes: () => new ApiRoutes(deps, apiRoutesOptions),
    admittedAccess: new AdmittedAccess(),
  };
  const apiRoutesOptions: ApiRoutesOptions = {
    checkContracts: config.nodeEnv !== 'production',
    recordLocations: { order: findOrderLocationId },
    recordNotFound: (record) =>
      record === 'order' ? orderNotFound() : AppError.notFound(notFoundMessage(record)),
    // One per server instance: every report route of this app shares its places and its line.
    slowAnswerGate: new ReportGate(),
  };
  const serveWebApp = webAppHandler(config.webDistDir);
  const logOutage = databaseOutageLog(logger);

  return new Elysia()
    .onRequest(({ request, set }) => {
      Object.assign(set.headers, SECURITY_HEADERS);
      if (isHttps(request, config)) set.headers['strict-transport-security'] = STRICT_TRANSPORT_SECURITY;
      if (isApiPath(new URL(request.url).pathname)) set.headers['cache-control'] = API_CACHE_CONTROL;
      assertSameOrigin(request, config);
    })
    .onError(({ error, code, request }) => errorResponse(error, code, request, logger, logOutage))
    .mapResponse(encodeJsonResponse)
    .onAfterResponse(({ request, set }) => {
      const { pathname } = new URL(request.url);
      // Load-balancer probes of /api/health would drown the rate of real calls.
      if (isApiPath(pathname) && pathname !== '/api/health') {
        requestStats.record(typeof set.status === 'number' ? set.status : 200);
      }
    })
    .use(healthModule(deps))
    .use(authModule(deps, signInLimitsClock))
    .use(meModule(deps))
    .use(permissionsModule(deps))
    .use(tabsModule(deps))
    .use(uiSettingsModule(deps))
    .use(locationsModule(deps))
    .use(productsModule(deps))
    .use(categoryOrderModule(deps))
    .use(inventoryModule(deps))
    .use(countCompletionsModule(deps))
    .use(parsModule(deps))
    .use(countSessionsModule(deps))
    .use(nightlyCountsModule(deps, now))
    .use(cartModule(deps))
    .use(ordersModule(deps))
    .use(approvalsModule(deps))
    .use(parLocksModule(deps))
    .use(adminModule(deps, { requestStats, now }))
    .use(squareModule(deps))
    .use(opsTrackersModule(deps, now))
    .use(apiDocsModule(deps))
    .use(inventoryManagementModule(deps, now))
    .use(reportsModule(deps))
    .all('/api/*', ({ request }) => apiNotFound(request))
    .get('/*', ({ request }) => {
      const { pathname } = new URL(request.url);
      // GET /* outranks ALL /api/*, and /api itself matches neither: unknown API paths end up here too.
      if (isApiPath(pathname)) apiNotFound(request);
      return serveWebApp(pathname, request.headers);
    });
}

export type App = ReturnType<typeof createApp>;
