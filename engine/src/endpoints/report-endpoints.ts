import { z } from 'zod';
import { REPORTS, type ReportName, reportResponseSchema } from '../reports/report-definitions.ts';
import { reportLocationSchema, reportQuerySchema } from '../reports/report-query.ts';
import { type AccessRule, defineEndpoint } from './endpoint.ts';

/**
 * Navigator: the tab is shown with view_orders, and whoever acts on orders reads the reports too (as with the
 * Orders list). Staff count; they do not read the chain's figures.
 */
const READ_REPORTS = {
  anyOf: ['view_orders', 'manage_orders', 'approve_orders'],
  to: 'view reports',
} as const satisfies AccessRule;

function reportEndpoint<const N extends ReportName>(name: N) {
  return defineEndpoint({
    method: 'GET',
    path: `/api/reports/${name}` as `/api/reports/${N}`,
    summary: `${REPORTS[name].title}: ${REPORTS[name].summary}`,
    query: reportQuerySchema,
    response: reportResponseSchema(name),
    errors: [],
    access: READ_REPORTS,
    scope: { kind: 'locations', in: 'query', field: 'locations', district: 'district' },
    slowAnswer: true,
  });
}

/**
 * The districts a report may name for this user, each with the user's cafés in it (the district picker), and
 * the closed cafés among those, whose history the reports still read (decision 103): the pickers of the rest of
 * the app hold open cafés only, so the café filter learns of these here.
 */
export const reportDistrictsResponseSchema = z.object({
  districts: z.array(
    z.object({ id: z.number().int(), name: z.string(), locationIds: z.array(z.number().int()) }),
  ),
  closedCafes: z.array(reportLocationSchema),
});
export type ReportDistrict = z.infer<typeof reportDistrictsResponseSchema>['districts'][number];

/** One GET per report; each answers the rows its CSV and chart are drawn from. */
export const reportEndpoints = {
  reportDistricts: defineEndpoint({
    method: 'GET',
    path: '/api/reports/districts',
    summary:
      'The districts holding at least one of the user’s cafés, each with those cafés, and the closed cafés among them: what a report may name.',
    response: reportDistrictsResponseSchema,
    errors: [],
    access: READ_REPORTS,
    scope: { kind: 'filtered' },
  }),
  inventoryValueReport: reportEndpoint('inventory-value'),
  usageReport: reportEndpoint('usage'),
  orderSpendReport: reportEndpoint('order-spend'),
  countComplianceReport: reportEndpoint('count-compliance'),
  nightlyVarianceReport: reportEndpoint('nightly-variance'),
  parHealthReport: reportEndpoint('par-health'),
};

/** The endpoint of a report, for code that holds the report's name as a value. */
export function reportEndpointOf<N extends ReportName>(name: N) {
  return Object.values(reportEndpoints).find(
    (endpoint) => endpoint.path === `/api/reports/${name}`,
  ) as ReturnType<typeof reportEndpoint<N>>;
}
