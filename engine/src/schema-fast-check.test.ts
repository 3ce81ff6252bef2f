import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { compactInventoryResponseSchema, inventoryResponseSchema, productSchema } from './api-schemas.ts';
import { compileFastCheck } from './schema-fast-check.ts';

const product = {
  id: 7,
  name: 'Oat milk',
  sku: 'OAT-1',
  unit: 'carton',
  cafeOrderCategory: 'Dairy',
  orderSubcategory: null,
  maximumStockQuantity: 12.5,
  unitCost: 2.4,
  vendor: null,
  isDailyCount: true,
  barcode: null,
};
const inventory = {
  locationId: 3,
  countSession: { id: 9, startedAt: '2026-11-25T08:00:00.000Z', startedBy: 'Sam', clearedAt: null },
  items: [
    {
      productId: 7,
      productName: 'Oat milk',
      par: 4,
      parLocked: false,
      lifecycle: 'active',
      stockStatus: 'low',
      backordered: false,
      count: 2,
      confirmed: false,
      editedAfterConfirm: false,
      countedAt: null,
      countedBy: null,
      typedAt: null,
    },
  ],
};

const productList = z.array(productSchema);
const checkProducts = compileFastCheck(productList);
const checkInventory = compileFastCheck(inventoryResponseSchema);

/** The promise the client relies on: whatever the fast check accepts, zod accepts and returns unchanged. */
function agreesWithZod(schema: z.ZodType, value: unknown, accepted: boolean): void {
  if (!accepted) return;
  const parsed = schema.safeParse(value);
  expect(parsed.success).toBe(true);
  expect(parsed.data).toEqual(value);
}

const productMutations: [string, (p: Record<string, unknown>) => void][] = [
  ['a text id', (p) => (p.id = '7')],
  ['a fractional id', (p) => (p.id = 7.5)],
  ['a zero id', (p) => (p.id = 0)],
  ['a missing name', (p) => delete p.name],
  ['a null name', (p) => (p.name = null)],
  ['a numeric unit cost as text', (p) => (p.unitCost = '2.40')],
  ['a null unit cost', (p) => (p.unitCost = null)],
  ['a boolean as text', (p) => (p.isDailyCount = 'true')],
  ['a field zod would strip', (p) => (p.secret = 'x')],
];

describe('checking an answer without eval', () => {
  test('a valid product list and café inventory pass, as zod returns them', () => {
    expect(checkProducts?.([product, { ...product, id: 8, name: 'Soy milk' }])).toBe(true);
    expect(checkProducts?.([])).toBe(true);
    expect(checkInventory?.(inventory)).toBe(true);
    expect(checkInventory?.({ ...inventory, locationId: null, countSession: null, items: [] })).toBe(true);
    agreesWithZod(productList, [product], true);
    agreesWithZod(inventoryResponseSchema, inventory, true);
  });

  for (const [what, mutate] of productMutations) {
    test(`a product with ${what} goes to zod`, () => {
      const bad: Record<string, unknown> = { ...product };
      mutate(bad);
      expect(checkProducts?.([product, bad])).toBe(false);
    });
  }

  test('an inventory item outside its enums, or a session missing a field, goes to zod', () => {
    const item = inventory.items[0];
    expect(checkInventory?.({ ...inventory, items: [{ ...item, lifecycle: 'retired' }] })).toBe(false);
    expect(checkInventory?.({ ...inventory, items: [{ ...item, stockStatus: null }] })).toBe(false);
    expect(checkInventory?.({ ...inventory, items: [{ ...item, count: Number.NaN }] })).toBe(false);
    expect(checkInventory?.({ ...inventory, countSession: { id: 9, startedAt: 'x', startedBy: null } })).toBe(
      false,
    );
    expect(checkInventory?.({ ...inventory, items: {} })).toBe(false);
    expect(checkInventory?.(null)).toBe(false);
  });

  test('optional fields may be absent or null, never of another type', () => {
    const item = inventory.items[0];
    const withLock = {
      ...inventory,
      items: [{ ...item, parLockedBy: 'Ana', parLockedAt: '2026-11-25T08:00:00Z' }],
    };
    expect(checkInventory?.(withLock)).toBe(true);
    agreesWithZod(inventoryResponseSchema, withLock, true);
    expect(checkInventory?.({ ...inventory, items: [{ ...item, parLockedBy: 5 }] })).toBe(false);
  });

  test("the compact inventory the app reads is checked fast too, each item's defaults left out or not", () => {
    const checkCompact = compileFastCheck(compactInventoryResponseSchema);
    expect(checkCompact).not.toBeNull();
    const item = inventory.items[0] as Record<string, unknown>;
    const compact = {
      ...inventory,
      items: [
        { productId: 8, productName: 'Soy milk' },
        item,
        { productId: 9, productName: 'Cups', count: 2 },
      ],
    };
    expect(checkCompact?.(compact)).toBe(true);
    agreesWithZod(compactInventoryResponseSchema, compact, true);
    // The product and its name are never left out.
    expect(checkCompact?.({ ...inventory, items: [{ productName: 'Soy milk' }] })).toBe(false);
    expect(checkCompact?.({ ...inventory, items: [{ productId: 8 }] })).toBe(false);
    expect(checkCompact?.({ ...inventory, items: [{ productId: 8, productName: 'Soy', par: null }] })).toBe(
      false,
    );
  });

  test('a schema it does not cover is left to zod entirely', () => {
    expect(compileFastCheck(z.string().min(1))).toBeNull();
    expect(compileFastCheck(z.object({ at: z.string().transform((s) => new Date(s)) }))).toBeNull();
    expect(compileFastCheck(z.array(z.object({ n: z.number().max(3) })))).toBeNull();
    expect(compileFastCheck(z.object({ a: z.string() }).passthrough())).toBeNull();
    expect(compileFastCheck(z.array(z.string()).min(1))).toBeNull();
  });
});
