import type { AppDeps } from '@bff/app-deps.ts';
import { listReportCafes } from '@db/repositories/locations.ts';
import { runReport } from '@db/repositories/reports/run-report.ts';
import { reportEndpointOf } from '@engine/endpoints/report-endpoints.ts';
import { REPORT_NAMES, type ReportName } from '@engine/reports/report-definitions.ts';

/** Navigator's reports. Scope was checked by the declaration; here the cafés are resolved within it. */
export function reportsModule(deps: AppDeps) {
  const routes = deps.routes();
  for (const name of REPORT_NAMES) mountReport(deps, routes, name);
  return routes.app;
}

function mountReport<N extends ReportName>({ db }: AppDeps, routes: ReturnType<AppDeps['routes']>, name: N) {
  routes.on(reportEndpointOf(name), async ({ query, user }) => {
    const locations = await listReportCafes(
      db,
      { userId: user.id, role: user.role },
      { locationIds: query.locations, districtId: query.district },
    );
    const rows = await runReport(db, name, {
      locationIds: locations.map((location) => location.id),
      from: query.from,
      to: query.to,
    });
    // Generic over the report name, which TypeScript cannot follow into the schema; the contract check can.
    return { report: name, from: query.from, to: query.to, locations, rows: rows as never };
  });
}
