import { lazyEndpointQuery } from '@web/lib/api-client.ts';

/**
 * The read's address, written here so that its query key is known before its declaration has loaded
 * (`approvals-summary.test.ts` holds it equal to the declaration's).
 */
export const APPROVALS_SUMMARY_PATH = '/api/approvals/summary';

/*
 * The ordering declarations (every order route and its schemas, built as the module runs) load with the first read
 * of the summary, not with the home screen that every start of an operation screen goes through.
 */
const loadEndpoint = async () =>
  (await import('@engine/endpoints/ordering-endpoints.ts')).orderingEndpoints.approvalsSummary;

/**
 * What waits for an approver across their cafés. Read again each time the home screen shows it: an approval made
 * on another screen or by another approver changes it, and nothing else tells this page.
 */
export const approvalsSummaryQueryOptions = () => ({
  ...lazyEndpointQuery([APPROVALS_SUMMARY_PATH, {}], loadEndpoint, {}),
  staleTime: 0,
});
