import { describe, expect, test } from 'bun:test';
import { readScannedCode } from './scanned-code.ts';

const milk = { id: 1, name: 'Oat Milk', barcode: '036000291452' };
const beans = { id: 2, name: 'Espresso Beans', barcode: null };
const syrup = { id: 3, name: 'Vanilla Syrup', barcode: '4006381333931' };
const can = { id: 4, name: 'Tonic Can', barcode: '042100005264' };

describe('a scanned code', () => {
  test('finds the product of the list, whichever GTIN form the scanner reports', () => {
    expect(readScannedCode('036000291452', [milk, beans])).toEqual({
      kind: 'found',
      productId: 1,
      code: '036000291452',
    });
    expect(readScannedCode('0036000291452', [milk, beans])).toMatchObject({ kind: 'found', productId: 1 });
  });

  test('a UPC-E can finds the product stored under its UPC-A', () => {
    expect(readScannedCode('04252614', [can])).toMatchObject({ kind: 'found', productId: 4 });
  });

  test('a product the screen does not list is named, not offered for a new code', () => {
    expect(readScannedCode('4006381333931', [milk], [milk, beans, syrup])).toEqual({
      kind: 'elsewhere',
      name: 'Vanilla Syrup',
      code: '4006381333931',
    });
  });

  test('a valid code no product has is unknown; a misread is not a product code', () => {
    expect(readScannedCode('96385074', [milk], [milk, syrup])).toEqual({ kind: 'unknown', code: '96385074' });
    expect(readScannedCode('036000291453', [milk])).toMatchObject({ kind: 'not-a-product-code' });
    expect(readScannedCode('https://example.com', [milk])).toMatchObject({ kind: 'not-a-product-code' });
  });
});
