import { describe, expect, test } from 'bun:test';
import {
  applyItemsUpdates,
  isInventoryOf,
  type KeptCountSession,
  type KeptItemsUpdate,
} from './kept-inventory-updates.ts';

const SESSION: KeptCountSession = {
  id: 5,
  startedAt: '2026-12-04T08:00:00.000000Z',
  startedBy: 'Aisha Patel',
  clearedAt: null,
};

type Item = { productId: number } & Record<string, unknown>;

/** A compact inventory of three products, the second counted at 09:00. */
function inventory(countSession: KeptCountSession | null = SESSION): {
  locationId: number;
  countSession: KeptCountSession | null;
  items: Item[];
} {
  return {
    locationId: 3,
    countSession,
    items: [
      { productId: 1, productName: 'Oat milk' },
      {
        productId: 2,
        productName: 'Espresso beans',
        count: 10,
        typedAt: '2026-12-04T09:00:00.000000Z',
        countedBy: 'Aisha Patel',
      },
      { productId: 3, productName: 'Cups', par: 40 },
    ],
  };
}

const counted = (productId: number, count: number | null, typedAt: string | null) => ({
  productId,
  count,
  confirmed: false,
  editedAfterConfirm: false,
  typedAt,
  countedAt: typedAt,
  countedBy: 'Aisha Patel',
});

const counts = (items: KeptItemsUpdate['items'], session = SESSION): KeptItemsUpdate => ({
  kind: 'items',
  reader: 7,
  locationId: 3,
  session,
  items,
});

describe('a kept inventory follows the saves answered since it was read (decision 074)', () => {
  test("a count save's stored values replace the copy's, item by item", () => {
    const copy = inventory();
    const changed = applyItemsUpdates(copy, [
      counts([
        counted(2, 80, '2026-12-04T09:30:00.000000Z'),
        counted(1, 4.25, '2026-12-04T09:30:00.000001Z'),
      ]),
    ]);
    expect(changed).toBe(true);
    expect(copy.items[0]).toMatchObject({
      productId: 1,
      count: 4.25,
      typedAt: '2026-12-04T09:30:00.000001Z',
    });
    expect(copy.items[1]).toMatchObject({ productId: 2, count: 80, productName: 'Espresso beans' });
    // A product the save did not name is left as it was.
    expect(copy.items[2]).toEqual({ productId: 3, productName: 'Cups', par: 40 });
  });

  test('the first save of a count names the session the copy did not have', () => {
    const copy = inventory(null);
    applyItemsUpdates(copy, [counts([counted(1, 3, '2026-12-04T09:30:00.000000Z')])]);
    expect(copy.countSession).toEqual(SESSION);
    expect(copy.items[0]).toMatchObject({ count: 3 });
  });

  test('an answer about another count (restarted since) changes nothing', () => {
    const copy = inventory({ ...SESSION, id: 6 });
    const before = structuredClone(copy);
    expect(applyItemsUpdates(copy, [counts([counted(2, 80, '2026-12-04T09:30:00.000000Z')])])).toBe(false);
    expect(copy).toEqual(before);
  });

  test('a copy that already holds a later value keeps it, to the microsecond', () => {
    const copy = inventory();
    const later: Item = { ...(copy.items[1] as Item), count: 12, typedAt: '2026-12-04T09:30:00.000002Z' };
    copy.items[1] = later;
    applyItemsUpdates(copy, [counts([counted(2, 80, '2026-12-04T09:30:00.000001Z')])]);
    expect(copy.items[1]).toEqual(later);
    applyItemsUpdates(copy, [counts([counted(2, 81, '2026-12-04T09:30:00.000003Z')])]);
    expect(copy.items[1]).toMatchObject({ count: 81 });
  });

  test('a copy read after "Clear all counts" keeps its clear and none of what was typed before it', () => {
    const cleared = { ...SESSION, clearedAt: '2026-12-04T09:20:00.000000Z' };
    const copy = inventory(cleared);
    copy.items[1] = { productId: 2, productName: 'Espresso beans' };
    applyItemsUpdates(copy, [
      counts([counted(2, 80, '2026-12-04T09:10:00.000000Z'), counted(1, 2, '2026-12-04T09:25:00.000000Z')]),
    ]);
    expect(copy.countSession).toEqual(cleared);
    expect(copy.items[1]).toEqual({ productId: 2, productName: 'Espresso beans' });
    expect(copy.items[0]).toMatchObject({ count: 2 });
  });

  test("a save's own clear reaches a copy read before it", () => {
    const copy = inventory();
    const cleared = { ...SESSION, clearedAt: '2026-12-04T09:20:00.000000Z' };
    applyItemsUpdates(copy, [counts([counted(1, 2, '2026-12-04T09:25:00.000000Z')], cleared)]);
    expect(copy.countSession).toEqual(cleared);
  });

  test('PARs are written as answered, in the order the saves were', () => {
    const copy = inventory();
    const pars = (par: number): KeptItemsUpdate => ({
      kind: 'items',
      reader: 7,
      locationId: 3,
      items: [{ productId: 3, par, parLocked: false, lifecycle: 'active' }],
    });
    expect(applyItemsUpdates(copy, [pars(45), pars(50)])).toBe(true);
    expect(copy.items[2]).toEqual({
      productId: 3,
      productName: 'Cups',
      par: 50,
      parLocked: false,
      lifecycle: 'active',
    });
  });

  test('an answer that is not an inventory is left alone', () => {
    expect(applyItemsUpdates({ message: 'x' }, [counts([counted(1, 1, '2026-12-04T09:30:00Z')])])).toBe(
      false,
    );
  });

  test("the inventory's copies of one café are found in either shape, and no other read", () => {
    const key = (path: string) => new URL(`https://cafe.test/__parstock/reads/7${path}`);
    expect(isInventoryOf(key('/api/inventory?locationId=3&shape=compact'), 3)).toBe(true);
    expect(isInventoryOf(key('/api/inventory?locationId=3'), 3)).toBe(true);
    expect(isInventoryOf(key('/api/inventory?locationId=33'), 3)).toBe(false);
    expect(isInventoryOf(key('/api/nightly-counts?locationId=3'), 3)).toBe(false);
  });
});
