import type {
  CompactInventoryItem,
  CompactInventoryResponse,
  InventoryItem,
  InventoryResponse,
} from './api-schemas.ts';

type ItemFields = Omit<InventoryItem, 'productId' | 'productName'>;

/**
 * A product's entry at a café where nothing was set or counted: the defaults every product read shows
 * (db/src/repositories/location-settings-sql.ts) and no count. The compact inventory leaves out any field
 * equal to its value here.
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

const FIELDS = Object.keys(INVENTORY_ITEM_DEFAULTS) as (keyof ItemFields)[];

export function compactInventoryItem(item: InventoryItem): CompactInventoryItem {
  const compact: Record<string, unknown> = { productId: item.productId, productName: item.productName };
  for (const field of FIELDS) {
    const value = item[field];
    if (value !== undefined && value !== INVENTORY_ITEM_DEFAULTS[field]) compact[field] = value;
  }
  return compact as CompactInventoryItem;
}

/** The full item again; every item gets every field, in one order, so they all share one object shape. */
export function expandInventoryItem(item: CompactInventoryItem): InventoryItem {
  return { ...INVENTORY_ITEM_DEFAULTS, ...item };
}

export function compactInventory(inventory: InventoryResponse): CompactInventoryResponse {
  return { ...inventory, items: inventory.items.map(compactInventoryItem) };
}

export function expandInventory(inventory: CompactInventoryResponse): InventoryResponse {
  return { ...inventory, items: inventory.items.map(expandInventoryItem) };
}
