import type {
  CompactInventoryItem,
  CompactInventoryResponse,
  InventoryItem,
  InventoryResponse,
} from './api-schemas.ts';
import { fillInDefaults, leaveOutDefaults } from './compact-records.ts';

type ItemFields = Omit<InventoryItem, 'productId' | 'productName'>;

/**
 * A product's entry at a café where nothing was set or counted: the defaults every product read shows
 * (db/src/repositories/location-settings-sql.ts) and no count. The compact inventory leaves out any field
 * equal to its value here. The database's function for it (`compact_inventory_json`, migrations 0028, decisions
 * 066 and 070) leaves out the same values; its tests fail if one changes without the other.
 */
export const INVENTORY_ITEM_DEFAULTS: Readonly<Required<ItemFields>> = Object.freeze({
  par: 0,
  parLocked: false,
  parLockedBy: null,
  parLockedAt: null,
  lifecycle: 'active',
  stockStatus: 'in_stock',
  backordered: false,
  count: null,
  confirmed: false,
  editedAfterConfirm: false,
  countedAt: null,
  countedBy: null,
  typedAt: null,
});

export function compactInventoryItem(item: InventoryItem): CompactInventoryItem {
  return leaveOutDefaults(item, INVENTORY_ITEM_DEFAULTS) as CompactInventoryItem;
}

export function expandInventoryItem(item: CompactInventoryItem): InventoryItem {
  return fillInDefaults(item, INVENTORY_ITEM_DEFAULTS);
}

export function compactInventory(inventory: InventoryResponse): CompactInventoryResponse {
  return { ...inventory, items: inventory.items.map(compactInventoryItem) };
}

export function expandInventory(inventory: CompactInventoryResponse): InventoryResponse {
  return { ...inventory, items: inventory.items.map(expandInventoryItem) };
}
