import type { AppDeps } from '@bff/app-deps.ts';
import { listInventoryManagement } from '@db/repositories/inventory-management.ts';
import { bulkChangeInventory } from '@db/use-cases/bulk-change-inventory.ts';
import { inventoryManagementEndpoints } from '@engine/endpoints/inventory-management-endpoints.ts';

/** Inventory Management (/inventory): one café's products with settings and last count, and bulk changes. */
export function inventoryManagementModule({ db, routes }: AppDeps, now: () => Date = () => new Date()) {
  return routes()
    .on(inventoryManagementEndpoints.inventoryManagement, async ({ query: { locationId } }) => ({
      locationId,
      readAt: now().toISOString(),
      items: await listInventoryManagement(db, locationId),
    }))
    .on(inventoryManagementEndpoints.bulkChangeInventory, ({ body, user }) =>
      bulkChangeInventory(db, user, body),
    ).app;
}
