import type { ConfirmCountItemsBody } from '@engine/counting-schemas.ts';
import { countingEndpoints } from '@engine/endpoints/counting-endpoints.ts';
import { call } from '@web/lib/api-client.ts';

/** 'Confirm all in this category': the server confirms the counted items of the open count it is given. */
export function confirmCountItems(body: ConfirmCountItemsBody) {
  return call(countingEndpoints.confirmCountItems, { body });
}
