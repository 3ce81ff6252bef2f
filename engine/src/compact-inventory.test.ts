import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import {
  compactInventoryItemSchema,
  type InventoryItem,
  inventoryItemSchema,
  LIFECYCLES,
  STOCK_STATUSES,
} from './api-schemas.ts';
import {
  compactInventory,
  compactInventoryItem,
  expandInventory,
  expandInventoryItem,
  INVENTORY_ITEM_DEFAULTS,
} from './compact-inventory.ts';

const when = fc
  .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
  .map((date) => date.toISOString());
const orDefault = <T>(value: fc.Arbitrary<T>, fallback: T) => fc.oneof(fc.constant(fallback), value);

const item: fc.Arbitrary<InventoryItem> = fc.record({
  productId: fc.integer({ min: 1, max: 2_000_000 }),
  productName: fc.string({ minLength: 1, maxLength: 20 }),
  par: orDefault(fc.double({ min: 0, max: 1e6, noNaN: true }), 0),
  parLocked: fc.boolean(),
  parLockedBy: orDefault(fc.string({ maxLength: 12 }), null),
  parLockedAt: orDefault(when, null),
  lifecycle: fc.constantFrom(...LIFECYCLES),
  stockStatus: fc.constantFrom(...STOCK_STATUSES),
  backordered: fc.boolean(),
  count: orDefault(fc.double({ min: 0, max: 1e6, noNaN: true }), null),
  confirmed: fc.boolean(),
  editedAfterConfirm: fc.boolean(),
  countedAt: orDefault(when, null),
  countedBy: orDefault(fc.string({ maxLength: 12 }), null),
  typedAt: orDefault(when, null),
});

describe('the compact inventory', () => {
  test('expanding a compacted item gives the item back, and the compact one is a valid answer', () => {
    fc.assert(
      fc.property(item, (one) => {
        const compact = compactInventoryItem(one);
        expect(compactInventoryItemSchema.parse(compact)).toEqual(compact);
        expect(expandInventoryItem(compact)).toEqual(one);
        expect(inventoryItemSchema.parse(expandInventoryItem(compact))).toEqual(one);
      }),
    );
  });

  test('a field equal to its default is left out, any other value kept (0 and false included)', () => {
    const untouched = { productId: 5, productName: 'Oat Milk', ...INVENTORY_ITEM_DEFAULTS };
    expect(compactInventoryItem(untouched)).toEqual({ productId: 5, productName: 'Oat Milk' });
    expect(compactInventoryItem({ ...untouched, count: 0, par: 2, lifecycle: 'new' })).toEqual({
      productId: 5,
      productName: 'Oat Milk',
      count: 0,
      par: 2,
      lifecycle: 'new',
    });
  });

  test('an item from a server that sends no lock details expands with them as null', () => {
    const {
      parLockedBy: _by,
      parLockedAt: _at,
      ...older
    } = {
      productId: 5,
      productName: 'Oat Milk',
      ...INVENTORY_ITEM_DEFAULTS,
    };
    expect(expandInventoryItem(compactInventoryItem(older))).toMatchObject({
      parLockedBy: null,
      parLockedAt: null,
    });
  });

  test('the answer keeps its café and count session; every expanded item has one shape', () => {
    const answer = {
      locationId: 3,
      countSession: { id: 9, startedAt: '2026-11-28T05:00:00.000Z', startedBy: 'Sam', clearedAt: null },
      items: [
        { productId: 1, productName: 'A', ...INVENTORY_ITEM_DEFAULTS },
        { productId: 2, productName: 'B', ...INVENTORY_ITEM_DEFAULTS, count: 4, countedBy: 'Sam' },
      ],
    };
    const expanded = expandInventory(compactInventory(answer));
    expect(expanded).toEqual(answer);
    const [first, second] = expanded.items;
    expect(Object.keys(first ?? {})).toEqual(Object.keys(second ?? {}));
  });
});
