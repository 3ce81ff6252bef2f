import { describe, expect, test } from 'bun:test';
import { orderingEndpoints } from '@engine/endpoints/ordering-endpoints.ts';
import { endpointQueryKey } from '@web/lib/api-client.ts';
import { APPROVALS_SUMMARY_PATH, approvalsSummaryQueryOptions } from './approvals-summary.ts';

describe('approvals summary read', () => {
  test('its key is the one its declaration gives, though the declaration loads only with the first read', () => {
    expect(APPROVALS_SUMMARY_PATH).toBe(orderingEndpoints.approvalsSummary.path);
    const declared: readonly unknown[] = endpointQueryKey(orderingEndpoints.approvalsSummary, {});
    expect([...approvalsSummaryQueryOptions().queryKey] as unknown[]).toEqual([...declared]);
  });
});
