import type { AccessRule } from './current-user.ts';

/** Seeing a location's stock and count status: anyone who works with inventory or orders there. */
export const READ_INVENTORY = {
  anyOf: ['set_pars', 'count_inventory', 'nightly_counts', 'submit_orders', 'view_orders'],
  to: 'view inventory',
} as const satisfies AccessRule;
