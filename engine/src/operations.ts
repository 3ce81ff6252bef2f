import { z } from 'zod';
import { locationIdSchema } from './api-schemas.ts';
import type { PermissionKey } from './permissions.ts';

/** The four operations of the main screen (requirements §1–§2), in the order the header offers them. */
export const OPERATION_KEYS = ['set_pars', 'count_inventory', 'nightly_counts', 'shopping_list'] as const;
export const operationKeySchema = z.enum(OPERATION_KEYS);
export type OperationKey = z.infer<typeof operationKeySchema>;

export interface OperationDefinition {
  key: OperationKey;
  name: string;
  permission: PermissionKey;
  needsLocation: boolean;
}

export const OPERATIONS: Readonly<Record<OperationKey, OperationDefinition>> = {
  set_pars: { key: 'set_pars', name: 'Set PARs', permission: 'set_pars', needsLocation: true },
  count_inventory: {
    key: 'count_inventory',
    name: 'Count Inventory',
    permission: 'count_inventory',
    needsLocation: true,
  },
  nightly_counts: {
    key: 'nightly_counts',
    name: 'Nightly Counts',
    permission: 'nightly_counts',
    needsLocation: true,
  },
  // The Shopping List builds orders, so it is gated by the ordering permission rather than a key of its own.
  shopping_list: {
    key: 'shopping_list',
    name: 'Shopping List',
    permission: 'submit_orders',
    needsLocation: true,
  },
};

export function operationName(operation: OperationKey): string {
  return OPERATIONS[operation].name;
}

export function operationPermission(operation: OperationKey): PermissionKey {
  return OPERATIONS[operation].permission;
}

export function operationNeedsLocation(operation: OperationKey): boolean {
  return OPERATIONS[operation].needsLocation;
}

export function canRunOperation(operation: OperationKey, permissions: ReadonlySet<PermissionKey>): boolean {
  return permissions.has(operationPermission(operation));
}

/**
 * Reads `selectedAction` as local storage holds it: anything that is not one of the four operations (an old
 * key, a hand-edited value, nothing) means no operation is chosen.
 */
export function parseOperationKey(value: unknown): OperationKey | null {
  const parsed = operationKeySchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function locationRequiredMessage(actionName: string): string {
  return `Location Required: Please select a location from the dropdown in the header to continue with ${actionName}.`;
}

/**
 * Requirements §2/§5: a location is valid only if it is in the user's list. The id usually comes from local storage
 * as text ("3"), so it is read with the same rule the server applies to ids; an id of a location the user
 * has since lost counts as no location.
 */
export function isValidLocation(
  locationId: string | number | null | undefined,
  userLocations: readonly { id: number }[],
): boolean {
  const parsed = locationIdSchema.safeParse(locationId);
  if (!parsed.success) return false;
  return userLocations.some((location) => location.id === parsed.data);
}

/**
 * The café to choose for someone who has exactly one and no valid choice stored: a barista assigned to one café
 * should land on its screens, not on 'Location Required'. Null when they have several (the choice is theirs),
 * none, or a valid one stored already.
 */
export function soleLocationToChoose<L extends { id: number }>(
  storedLocationId: string | number | null | undefined,
  userLocations: readonly L[],
): L | null {
  if (userLocations.length !== 1 || isValidLocation(storedLocationId, userLocations)) return null;
  return userLocations[0] ?? null;
}
