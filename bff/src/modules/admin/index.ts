import type { AppDeps } from '@bff/app-deps.ts';
import { Elysia } from 'elysia';
import { adminApiHealthModule } from './api-health/index.ts';
import type { RequestStatsRecorder } from './api-health/request-stats-recorder.ts';
import { adminAuditLogModule } from './audit-log/index.ts';
import { adminLocationsModule } from './locations/index.ts';
import { adminProductsModule } from './products/index.ts';
import { adminSettingsModule } from './settings/index.ts';
import { adminUsersModule } from './users/index.ts';

/** The admin area's API, declared in engine/src/endpoints/admin-endpoints.ts: every route needs admin_panel. */
export function adminModule(deps: AppDeps, options: { requestStats: RequestStatsRecorder; now: () => Date }) {
  return new Elysia()
    .use(adminUsersModule(deps))
    .use(adminLocationsModule(deps))
    .use(adminProductsModule(deps))
    .use(adminSettingsModule(deps, options.now))
    .use(adminApiHealthModule(deps, options.requestStats))
    .use(adminAuditLogModule(deps));
}
