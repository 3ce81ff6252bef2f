import type { AppDeps } from '@bff/app-deps.ts';
import { listClosedReportCafes, listReportDistricts } from '@db/repositories/locations.ts';
import { loadReport } from '@db/repositories/reports/run-report.ts';
import { reportEndpointOf, reportEndpoints } from '@engine/endpoints/report-endpoints.ts';
import { REPORT_NAMES, type ReportName } from '@engine/reports/report-definitions.ts';
import { REPORT_MAX_ROWS } from '@engine/reports/report-query.ts';

/** Navigator's reports. Scope was checked by the declaration; here the cafés are resolved within it. */
export function reportsModule(deps: AppDeps) {
  const routes = deps.routes();
  for (const name of REPORT_NAMES) mountReport(deps, routes, name);
  routes.on(reportEndpoints.reportDistricts, async ({ user }) => {
    const who = { userId: user.id, role: user.role };
    const [districts, closedCafes] = await Promise.all([
      listReportDistricts(deps.db, who),
      listClosedReportCafes(deps.db, who),
    ]);
    return { districts, closedCafes };
  });
  return routes.app;
}

function mountReport<N extends ReportName>({ db }: AppDeps, routes: ReturnType<AppDeps['routes']>, name: N) {
  routes.on(reportEndpointOf(name), async ({ query, user }) => {
    const report = await loadReport(
      db,
      name,
      { userId: user.id, role: user.role },
      {
        from: query.from,
        to: query.to,
        locationIds: query.locations,
        districtId: query.district,
        maxRows: REPORT_MAX_ROWS,
      },
    );
    // Generic over the report name, which TypeScript cannot follow into the schema; the contract check can.
    return report as never;
  });
}
