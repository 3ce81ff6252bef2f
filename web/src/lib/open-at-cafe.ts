import type { Location } from '@engine/api-schemas.ts';
import type { OperationKey } from '@engine/operations.ts';
import { storeSelectedAction } from './storage/selected-action.ts';
import { storeSelectedLocation } from './storage/selected-location.ts';

/**
 * Makes a café the header's selected location (and, for an operation, the chosen one) just before a link
 * opens a screen that works on the selected café: the ops trackers' way of sending someone to the fix.
 */
export function selectCafe(location: Pick<Location, 'id' | 'name' | 'code'>, operation?: OperationKey): void {
  storeSelectedLocation(location);
  if (operation) storeSelectedAction(operation);
}
