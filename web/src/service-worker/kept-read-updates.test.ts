import { describe, expect, test } from 'bun:test';
import { countedItem } from '@web-test/kept-copies.ts';
import {
  applyItemsUpdates,
  INVENTORY_PATH,
  isReadOf,
  type KeptCountSession,
  type KeptItemsUpdate,
  NIGHTLY_PATH,
} from './kept-read-updates.ts';

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

const counts = (items: KeptItemsUpdate['items'], session = SESSION): KeptItemsUpdate => ({
  kind: 'items',
  reader: 7,
  path: INVENTORY_PATH,
  locationId: 3,
  session,
  items,
});

describe('a kept inventory follows the saves answered since it was read (decision 074)', () => {
  test("a count save's stored values replace the copy's, item by item", () => {
    const copy = inventory();
    const changed = applyItemsUpdates(copy, [
      counts([
        countedItem(2, 80, '2026-12-04T09:30:00.000000Z'),
        countedItem(1, 4.25, '2026-12-04T09:30:00.000001Z'),
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
    applyItemsUpdates(copy, [counts([countedItem(1, 3, '2026-12-04T09:30:00.000000Z')])]);
    expect(copy.countSession).toEqual(SESSION);
    expect(copy.items[0]).toMatchObject({ count: 3 });
  });

  test('an answer about another count (restarted since) changes nothing', () => {
    const copy = inventory({ ...SESSION, id: 6 });
    const before = structuredClone(copy);
    expect(applyItemsUpdates(copy, [counts([countedItem(2, 80, '2026-12-04T09:30:00.000000Z')])])).toBe(
      false,
    );
    expect(copy).toEqual(before);
  });

  test('a copy that already holds a later value keeps it, to the microsecond', () => {
    const copy = inventory();
    const later: Item = { ...(copy.items[1] as Item), count: 12, typedAt: '2026-12-04T09:30:00.000002Z' };
    copy.items[1] = later;
    applyItemsUpdates(copy, [counts([countedItem(2, 80, '2026-12-04T09:30:00.000001Z')])]);
    expect(copy.items[1]).toEqual(later);
    applyItemsUpdates(copy, [counts([countedItem(2, 81, '2026-12-04T09:30:00.000003Z')])]);
    expect(copy.items[1]).toMatchObject({ count: 81 });
  });

  test('a copy read after "Clear all counts" keeps its clear and none of what was typed before it', () => {
    const cleared = { ...SESSION, clearedAt: '2026-12-04T09:20:00.000000Z' };
    const copy = inventory(cleared);
    copy.items[1] = { productId: 2, productName: 'Espresso beans' };
    applyItemsUpdates(copy, [
      counts([
        countedItem(2, 80, '2026-12-04T09:10:00.000000Z'),
        countedItem(1, 2, '2026-12-04T09:25:00.000000Z'),
      ]),
    ]);
    expect(copy.countSession).toEqual(cleared);
    expect(copy.items[1]).toEqual({ productId: 2, productName: 'Espresso beans' });
    expect(copy.items[0]).toMatchObject({ count: 2 });
  });

  test("a save's own clear reaches a copy read before it", () => {
    const copy = inventory();
    const cleared = { ...SESSION, clearedAt: '2026-12-04T09:20:00.000000Z' };
    applyItemsUpdates(copy, [counts([countedItem(1, 2, '2026-12-04T09:25:00.000000Z')], cleared)]);
    expect(copy.countSession).toEqual(cleared);
  });

  test('PARs are written as answered, in the order the saves were', () => {
    const copy = inventory();
    const pars = (par: number): KeptItemsUpdate => ({
      kind: 'items',
      reader: 7,
      path: INVENTORY_PATH,
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
    expect(applyItemsUpdates({ message: 'x' }, [counts([countedItem(1, 1, '2026-12-04T09:30:00Z')])])).toBe(
      false,
    );
  });

  test("a café's copies of a read are found in any shape or day, and no other read", () => {
    const key = (path: string) => new URL(`https://cafe.test/__parstock/reads/7${path}`);
    expect(isReadOf(key('/api/inventory?locationId=3&shape=compact'), INVENTORY_PATH, 3)).toBe(true);
    expect(isReadOf(key('/api/inventory?locationId=3'), INVENTORY_PATH, 3)).toBe(true);
    expect(isReadOf(key('/api/inventory?locationId=33'), INVENTORY_PATH, 3)).toBe(false);
    expect(isReadOf(key('/api/nightly-counts?locationId=3'), INVENTORY_PATH, 3)).toBe(false);
    expect(isReadOf(key('/api/nightly-counts?locationId=3&date=2026-12-03'), NIGHTLY_PATH, 3)).toBe(true);
  });
});

describe('a kept nightly sheet follows the nightly counts saved since it was read (decision 074)', () => {
  const header = (completedAt: string | null) => ({
    id: 9,
    createdAt: '2026-12-04T20:00:00.000000Z',
    createdBy: { id: 7, name: 'Aisha Patel' },
    completedAt,
    completedBy: null,
  });
  const sheet = (businessDate: string) => ({
    locationId: 3,
    businessDate,
    today: '2026-12-04',
    timezone: 'America/New_York',
    editable: true,
    nightlyCount: null as Record<string, unknown> | null,
    square: { connected: false },
    items: [
      {
        productId: 1,
        productName: 'Whole milk',
        unit: 'gal',
        count: 4,
        typedAt: '2026-12-04T20:05:00.000000Z',
      },
      { productId: 2, productName: 'Croissants', unit: 'ea', count: null, typedAt: null },
    ] as Item[],
  });
  const nightly = (businessDate: string, items: KeptItemsUpdate['items']): KeptItemsUpdate => ({
    kind: 'items',
    reader: 7,
    path: NIGHTLY_PATH,
    locationId: 3,
    businessDate,
    nightlyCount: header(null),
    items,
  });
  const item = (productId: number, count: number, typedAt: string) => ({
    productId,
    productName: productId === 1 ? 'Whole milk' : 'Croissants',
    unit: productId === 1 ? 'gal' : 'ea',
    count,
    confirmed: false,
    typedAt,
    countedAt: typedAt,
    countedBy: 'Aisha Patel',
    squareQuantity: null,
  });

  test("the day's saved items and header replace the copy's", () => {
    const copy = sheet('2026-12-04');
    expect(
      applyItemsUpdates(copy, [nightly('2026-12-04', [item(2, 12, '2026-12-04T20:10:00.000000Z')])]),
    ).toBe(true);
    expect(copy.nightlyCount).toEqual(header(null));
    expect(copy.items[1]).toMatchObject({ count: 12, countedBy: 'Aisha Patel' });
    expect(copy.items[0]).toMatchObject({ count: 4 });
  });

  test("another day's sheet is left alone, and a later value in the copy is kept", () => {
    const yesterday = sheet('2026-12-03');
    const before = structuredClone(yesterday);
    expect(
      applyItemsUpdates(yesterday, [nightly('2026-12-04', [item(1, 9, '2026-12-04T20:10:00.000000Z')])]),
    ).toBe(false);
    expect(yesterday).toEqual(before);
    const today = sheet('2026-12-04');
    applyItemsUpdates(today, [nightly('2026-12-04', [item(1, 9, '2026-12-04T20:04:00.000000Z')])]);
    expect(today.items[0]).toMatchObject({ count: 4 });
  });
});
