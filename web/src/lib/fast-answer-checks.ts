import type { EndpointSpec } from '@engine/endpoints/endpoint.ts';
import { compileFastCheck } from '@engine/schema-fast-check.ts';
import { checkAnswersWith } from './api-client.ts';

/**
 * The large reads (the product list, a café's inventory: 20,000 rows each in a chain) checked without zod's
 * `eval`-free slow path, about 4× cheaper in the browser (decision 043). Loaded with the signed-in shell, so the
 * first script stays as it was; a schema the fast check does not cover stays with zod alone.
 */
export function checkLargeAnswersFast(endpoints: readonly EndpointSpec[]): void {
  for (const endpoint of endpoints) {
    if (typeof endpoint.response === 'string') continue;
    const check = compileFastCheck(endpoint.response);
    if (check) checkAnswersWith(endpoint, check);
  }
}
