/**
 * How a sync pairs Square's records with Parstock's (decision 024), pure so it is tested once:
 * locations by code, then by name; variations by SKU, then by exact name. A match is made only when it is
 * unambiguous and both sides are still free; what a person paired or unpaired by hand is never touched.
 */

export interface MatchableLocation {
  id: number;
  code: string;
  name: string;
  squareLocationId: string | null;
  mappedBy: 'auto' | 'hand' | null;
}

export interface SquareLocationName {
  id: string;
  name: string;
}

export interface MatchableProduct {
  id: number;
  name: string;
  sku: string | null;
  squareVariationId: string | null;
  mappedBy: 'auto' | 'hand' | null;
}

export interface SquareVariationName {
  id: string;
  itemName: string;
  variationName: string;
  sku: string | null;
}

const fold = (text: string) => text.trim().toLocaleLowerCase('en-US');

/** "Item — Variation", or just the item when Square's variation is the default "Regular". */
export function squareVariationLabel(
  variation: Pick<SquareVariationName, 'itemName' | 'variationName'>,
): string {
  const variationName = variation.variationName.trim();
  return variationName === '' || fold(variationName) === 'regular'
    ? variation.itemName
    : `${variation.itemName} — ${variationName}`;
}

/** A key that picks exactly one candidate, or null when none or several share it. */
function uniqueBy<T>(candidates: readonly T[], keyOf: (candidate: T) => string | null): Map<string, T> {
  const seen = new Map<string, T | null>();
  for (const candidate of candidates) {
    const key = keyOf(candidate);
    if (key === null || key === '') continue;
    seen.set(key, seen.has(key) ? null : candidate);
  }
  return new Map([...seen].filter((entry): entry is [string, T] => entry[1] !== null));
}

function pair<P extends { id: number }, S extends { id: string }>(
  free: readonly P[],
  squareFree: readonly S[],
  rules: readonly { parstockKey: (p: P) => string | null; squareKey: (s: S) => string | null }[],
): Map<number, string> {
  const matches = new Map<number, string>();
  const taken = new Set<string>();
  for (const rule of rules) {
    const bySquareKey = uniqueBy(
      squareFree.filter((s) => !taken.has(s.id)),
      rule.squareKey,
    );
    const byParstockKey = uniqueBy(
      free.filter((p) => !matches.has(p.id)),
      rule.parstockKey,
    );
    for (const [key, parstock] of byParstockKey) {
      const square = bySquareKey.get(key);
      if (!square || taken.has(square.id)) continue;
      matches.set(parstock.id, square.id);
      taken.add(square.id);
    }
  }
  return matches;
}

/** Parstock location id → Square location id for the locations a sync may map now. */
export function matchLocations(
  locations: readonly MatchableLocation[],
  squareLocations: readonly SquareLocationName[],
): Map<number, string> {
  const used = new Set(locations.map((l) => l.squareLocationId).filter((id): id is string => id !== null));
  const free = locations.filter((l) => l.squareLocationId === null && l.mappedBy !== 'hand');
  const squareFree = squareLocations.filter((s) => !used.has(s.id));
  return pair(free, squareFree, [
    // Square has no location code; chains put it in the name ("DT-01" or "DT-01 Harbor Street").
    {
      parstockKey: (l) => fold(l.code),
      squareKey: (s) => fold(s.name.split(/\s+/)[0] ?? ''),
    },
    { parstockKey: (l) => fold(l.name), squareKey: (s) => fold(s.name) },
  ]);
}

/** Product id → Square variation id for the products a sync may map now. */
export function matchVariations(
  products: readonly MatchableProduct[],
  variations: readonly SquareVariationName[],
): Map<number, string> {
  const used = new Set(products.map((p) => p.squareVariationId).filter((id): id is string => id !== null));
  const free = products.filter((p) => p.squareVariationId === null && p.mappedBy !== 'hand');
  const squareFree = variations.filter((v) => !used.has(v.id));
  return pair(free, squareFree, [
    { parstockKey: (p) => (p.sku ? fold(p.sku) : null), squareKey: (v) => (v.sku ? fold(v.sku) : null) },
    // Exact name: the product's name against Square's item name, or "Item — Variation".
    { parstockKey: (p) => p.name.trim(), squareKey: (v) => v.itemName.trim() },
    { parstockKey: (p) => p.name.trim(), squareKey: (v) => squareVariationLabel(v).trim() },
  ]);
}

/** count − Square, to the hundredth; null when either is missing. */
export function squareVariance(count: number | null, squareQuantity: number | null): number | null {
  if (count === null || squareQuantity === null) return null;
  return Math.round((count - squareQuantity) * 100) / 100;
}

/** A variance an administrator wants flagged: strictly beyond the threshold, either way. */
export function isVarianceFlagged(variance: number | null, threshold: number): boolean {
  return variance !== null && Math.abs(variance) > threshold;
}
