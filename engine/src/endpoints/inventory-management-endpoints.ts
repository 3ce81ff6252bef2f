import {
  bulkInventoryBodySchema,
  bulkInventoryResponseSchema,
  inventoryManagementQuerySchema,
  inventoryManagementResponseSchema,
} from '../inventory-management-schemas.ts';
import { BATCH_BODY_LIMIT } from './body-limits.ts';
import { type AccessRule, defineEndpoint, type EndpointSpec } from './endpoint.ts';

/** The Inventory Management screen is for the people who set a café's PARs and product settings. */
const MANAGE_INVENTORY = { anyOf: ['set_pars'], to: 'manage inventory' } as const satisfies AccessRule;

/** Inventory Management (/inventory): one café's products with settings and last count; bulk changes. */
export const inventoryManagementEndpoints = {
  inventoryManagement: defineEndpoint({
    method: 'GET',
    path: '/api/inventory-management',
    summary:
      'Every product still sold at one location with PAR, lock, lifecycle, stock status (set or from the latest count), backordered, unit cost and the latest count.',
    query: inventoryManagementQuerySchema,
    response: inventoryManagementResponseSchema,
    errors: [],
    access: MANAGE_INVENTORY,
    scope: { kind: 'location', in: 'query', field: 'locationId' },
  }),
  bulkChangeInventory: defineEndpoint({
    method: 'POST',
    path: '/api/inventory-management/bulk-change',
    summary:
      'Change lifecycle, stock status or backordered of many products at one location; allowed rows are applied, the others answered with a reason each.',
    body: bulkInventoryBodySchema,
    bodyLimit: BATCH_BODY_LIMIT,
    response: bulkInventoryResponseSchema,
    errors: [],
    access: MANAGE_INVENTORY,
    scope: { kind: 'location', in: 'body', field: 'locationId' },
  }),
} satisfies Record<string, EndpointSpec>;
