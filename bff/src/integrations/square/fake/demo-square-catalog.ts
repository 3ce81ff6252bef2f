import { DEMO_LOCATIONS, SIZE_PAR_FACTOR } from '@db/seed/demo-locations.ts';
import { DEMO_PRODUCTS } from '@db/seed/demo-products.ts';

/** What the local Square server holds, in Square's own terms. */
export interface FakeSquareLocation {
  id: string;
  name: string;
  timezone: string;
}

export interface FakeSquareVariation {
  id: string;
  name: string;
  sku: string | null;
}

export interface FakeSquareItem {
  id: string;
  name: string;
  variations: FakeSquareVariation[];
}

export interface FakeSquareCount {
  variationId: string;
  locationId: string;
  quantity: string;
}

export interface FakeSquareCatalog {
  locations: FakeSquareLocation[];
  items: FakeSquareItem[];
  counts: FakeSquareCount[];
}

/** A stable id in Square's style (upper-case letters and digits) for a name, so restarts keep the mappings. */
export function squareStyleId(seed: string, length = 24): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let hash = 2166136261;
  let id = '';
  for (let round = 0; id.length < length; round++) {
    for (const ch of `${seed}#${round}`) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
    for (let k = 0; k < 6 && id.length < length; k++) id += alphabet[(hash >>> (k * 5)) & 31];
  }
  return id;
}

/** A fraction in [0, 1) fixed by the seed: the same demo figures on every start. */
function unitNoise(seed: string): number {
  return (Number.parseInt(squareStyleId(seed, 6), 36) % 1000) / 1000;
}

const TIMEZONES: Record<string, string> = { Downtown: 'America/New_York', Northside: 'America/Chicago' };

// Items a café sells at the till that Parstock does not stock, so the catalog mapping has unmatched rows.
const SQUARE_ONLY_ITEMS = ['Gift Card', 'Loyalty Mug Refill', 'Catering Coffee Box'];

/**
 * The demo chain as Square would hold it: the six cafés as Square locations (same names), every demo product
 * as an item with one "Regular" variation carrying the product's SKU, and on-hand counts near a café's PAR.
 * One product has lost its SKU in Square (matched by name instead) and a few till-only items have none.
 * About one figure in six is off by a few units, the variance a count should catch.
 */
export function demoSquareCatalog(): FakeSquareCatalog {
  const locations = DEMO_LOCATIONS.map((location) => ({
    id: `L${squareStyleId(location.code, 12)}`,
    name: location.name,
    timezone: TIMEZONES[location.district] ?? 'America/New_York',
  }));
  const items: FakeSquareItem[] = DEMO_PRODUCTS.map((product, index) => ({
    id: squareStyleId(`item:${product.sku}`),
    name: product.name,
    variations: [
      {
        id: squareStyleId(`variation:${product.sku}`),
        name: 'Regular',
        sku: index === 7 ? null : product.sku,
      },
    ],
  }));
  for (const name of SQUARE_ONLY_ITEMS) {
    items.push({
      id: squareStyleId(`item:${name}`),
      name,
      variations: [{ id: squareStyleId(`variation:${name}`), name: 'Regular', sku: null }],
    });
  }
  const counts: FakeSquareCount[] = [];
  DEMO_LOCATIONS.forEach((location, l) => {
    const squareLocation = locations[l] as FakeSquareLocation;
    DEMO_PRODUCTS.forEach((product, p) => {
      const par = product.basePar * SIZE_PAR_FACTOR[location.size];
      const seed = `${location.code}:${product.sku}`;
      let quantity = Math.round(par * (0.5 + unitNoise(seed) * 0.6));
      if (unitNoise(`${seed}:variance`) < 0.17) quantity += 3 + Math.round(unitNoise(`${seed}:size`) * 4);
      counts.push({
        variationId: (items[p] as FakeSquareItem).variations[0]?.id as string,
        locationId: squareLocation.id,
        quantity: String(Math.max(0, quantity)),
      });
    });
  });
  return { locations, items, counts };
}
