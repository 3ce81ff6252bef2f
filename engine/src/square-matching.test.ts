import { describe, expect, test } from 'bun:test';
import {
  isVarianceFlagged,
  type MatchableLocation,
  type MatchableProduct,
  matchLocations,
  matchVariations,
  squareVariance,
  squareVariationLabel,
} from './square-matching.ts';

const location = (id: number, code: string, name: string, extra: Partial<MatchableLocation> = {}) => ({
  id,
  code,
  name,
  squareLocationId: null,
  mappedBy: null,
  ...extra,
});
const product = (id: number, name: string, sku: string | null, extra: Partial<MatchableProduct> = {}) => ({
  id,
  name,
  sku,
  squareVariationId: null,
  mappedBy: null,
  ...extra,
});
const variation = (id: string, itemName: string, sku: string | null, variationName = 'Regular') => ({
  id,
  itemName,
  variationName,
  sku,
});

describe('matchLocations', () => {
  test('by code first, then by exact name (case aside)', () => {
    const matches = matchLocations(
      [location(1, 'DT-01', 'Harbor Street Café'), location(2, 'DT-02', 'Market Hall')],
      [
        { id: 'SQ-A', name: 'market hall' },
        { id: 'SQ-B', name: 'DT-01 Harbor St (renamed)' },
      ],
    );
    expect([...matches]).toEqual([
      [1, 'SQ-B'],
      [2, 'SQ-A'],
    ]);
  });

  test('never touches a mapping made or cleared by hand, nor takes a Square location already used', () => {
    const matches = matchLocations(
      [
        location(1, 'DT-01', 'Harbor', { mappedBy: 'hand' }),
        location(2, 'DT-02', 'Market', { squareLocationId: 'SQ-M', mappedBy: 'auto' }),
        location(3, 'DT-03', 'Market'),
      ],
      [
        { id: 'SQ-H', name: 'Harbor' },
        { id: 'SQ-M', name: 'Market' },
      ],
    );
    expect([...matches]).toEqual([]);
  });

  test('an ambiguous name matches nothing', () => {
    const matches = matchLocations(
      [location(1, 'A', 'Kiosk')],
      [
        { id: 'SQ-1', name: 'Kiosk' },
        { id: 'SQ-2', name: 'kiosk' },
      ],
    );
    expect(matches.size).toBe(0);
  });
});

describe('matchVariations', () => {
  test('by SKU first, then by exact name; the unmatched stay unmatched', () => {
    const matches = matchVariations(
      [product(1, 'Whole Milk', 'VFD-001'), product(2, 'Croissant', 'SRB-001'), product(3, 'Scone', null)],
      [
        variation('V1', 'Milk, whole', 'vfd-001'),
        variation('V2', 'Croissant', null),
        variation('V3', 'Gift Card', null),
      ],
    );
    expect([...matches]).toEqual([
      [1, 'V1'],
      [2, 'V2'],
    ]);
  });

  test('names match exactly, not loosely, and "Item — Variation" counts as a name', () => {
    const matches = matchVariations(
      [product(1, 'Oat Milk', null), product(2, 'Latte Cup — Large', null)],
      [variation('V1', 'Oat Milk Barista', null), variation('V2', 'Latte Cup', null, 'Large')],
    );
    expect([...matches]).toEqual([[2, 'V2']]);
  });

  test('a product unpaired by hand is left alone', () => {
    const matches = matchVariations(
      [product(1, 'Whole Milk', 'X', { mappedBy: 'hand' })],
      [variation('V1', 'Whole Milk', 'X')],
    );
    expect(matches.size).toBe(0);
  });
});

describe('variance', () => {
  test('count − Square to the hundredth; missing either is no variance', () => {
    expect(squareVariance(4.1, 4)).toBe(0.1);
    expect(squareVariance(3, 5)).toBe(-2);
    expect(squareVariance(null, 5)).toBeNull();
    expect(squareVariance(3, null)).toBeNull();
  });

  test('flagged only strictly beyond the threshold, either way', () => {
    expect(isVarianceFlagged(2, 2)).toBe(false);
    expect(isVarianceFlagged(-2.01, 2)).toBe(true);
    expect(isVarianceFlagged(null, 0)).toBe(false);
  });

  test('a variation named Regular is shown by its item name', () => {
    expect(squareVariationLabel({ itemName: 'Scone', variationName: 'Regular' })).toBe('Scone');
    expect(squareVariationLabel({ itemName: 'Cup', variationName: '16 oz' })).toBe('Cup — 16 oz');
  });
});
