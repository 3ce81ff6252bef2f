import { describe, expect, test } from 'bun:test';
import { matchProducts, type SearchableProduct } from './match-products.ts';

const products: SearchableProduct[] = [
  { id: 1, name: 'Oat Milk', sku: 'DAI-2', barcode: '036000291452', category: 'Dairy' },
  { id: 2, name: 'Whole Milk', sku: 'DAI-1', barcode: null, category: 'Dairy' },
  { id: 3, name: 'Vanilla Syrup', sku: null, barcode: '4006381333931', category: 'Syrups' },
];

describe('searching products', () => {
  test('a whole barcode finds its product', () => {
    expect(matchProducts(products, '4006381333931').map((p) => p.id)).toEqual([3]);
  });

  test('the same item typed in another GTIN form (EAN-13 for a stored UPC-A) finds it too', () => {
    expect(matchProducts(products, '0036000291452').map((p) => p.id)).toEqual([1]);
  });

  test('a UPC-E typed for a can stored under its UPC-A finds it, as a scan of it does', () => {
    const can: SearchableProduct = {
      id: 4,
      name: 'Tonic Can',
      sku: null,
      barcode: '042100005264',
      category: 'Mixers',
    };
    expect(matchProducts([...products, can], '04252614').map((p) => p.id)).toEqual([4]);
  });

  test('part of a barcode finds it like part of a SKU', () => {
    expect(matchProducts(products, '0291').map((p) => p.id)).toEqual([1]);
  });

  test('names and SKUs still match as before', () => {
    expect(matchProducts(products, 'milk').map((p) => p.id)).toEqual([1, 2]);
    expect(matchProducts(products, 'dai-1').map((p) => p.id)).toEqual([2]);
  });
});
