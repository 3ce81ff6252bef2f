import { reportEndpointOf, reportEndpoints } from '@engine/endpoints/report-endpoints.ts';
import type { ReportName } from '@engine/reports/report-definitions.ts';
import { endpointQuery } from '@web/lib/api-client.ts';
import type { NavigatorView } from '../model/navigator-search.ts';

/** The read behind one report view; the key holds the range and cafés, so each view is cached on its own. */
export function reportQuery<N extends ReportName>(name: N, view: Omit<NavigatorView, 'report'>) {
  return endpointQuery(reportEndpointOf(name), {
    query: {
      from: view.from,
      to: view.to,
      ...(view.locations.length ? { locations: view.locations.map(String) } : {}),
      ...(view.district === undefined ? {} : { district: String(view.district) }),
    },
  });
}

/**
 * The districts the user may pick (each with the user's cafés in it) and the closed cafés whose history their
 * reports read; loaded with the Navigator's own code.
 */
export const reportDistrictsQuery = () => endpointQuery(reportEndpoints.reportDistricts, {});
