import type { AppDeps } from '@bff/app-deps.ts';
import { Elysia } from 'elysia';
import { adminApiHealthModule } from './api-health/index.ts';
import type { RequestStatsRecorder } from './api-health/request-stats-recorder.ts';
import { adminAuditLogModule } from './audit-log/index.ts';
import { adminCategoriesModule } from './categories/index.ts';
import { adminLocationsModule } from './locations/index.ts';
import { adminProductsModule } from './products/index.ts';
import { adminRolesModule } from './roles/index.ts';
import { adminTabsModule } from './tabs/index.ts';
import { adminTasksModule } from './tasks/index.ts';
import { adminUiSettingsModule } from './ui-settings/index.ts';
import { adminUsersModule } from './users/index.ts';

/** The admin area's API: every route needs admin_panel (see admin-access.ts). */
export function adminModule(deps: AppDeps, options: { requestStats: RequestStatsRecorder }) {
  return new Elysia()
    .use(adminUsersModule(deps))
    .use(adminLocationsModule(deps))
    .use(adminProductsModule(deps))
    .use(adminCategoriesModule(deps))
    .use(adminRolesModule(deps))
    .use(adminTabsModule(deps))
    .use(adminUiSettingsModule(deps))
    .use(adminTasksModule(deps))
    .use(adminApiHealthModule(deps, options.requestStats))
    .use(adminAuditLogModule(deps));
}
