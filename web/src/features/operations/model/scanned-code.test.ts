import { describe, expect, test } from 'bun:test';
import { readScannedCode, readTypedCode, unlistedCodeMessage } from './scanned-code.ts';

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

describe('a code typed into the search', () => {
  test('a whole valid barcode is read as a scan of it, spaces and dashes between its groups or not', () => {
    expect(readTypedCode('9501101530003', [milk], [milk, syrup])).toEqual({
      kind: 'unknown',
      code: '9501101530003',
    });
    expect(readTypedCode('0 36000 29145-2', [milk])).toMatchObject({ kind: 'found', productId: 1 });
    expect(readTypedCode('4006381333931', [milk], [milk, syrup])).toMatchObject({ kind: 'elsewhere' });
  });

  test('a UPC-E typed from a small can finds the product stored under its UPC-A', () => {
    // 04252614 is no valid EAN-8: its check digit is that of the UPC-A it stands for.
    expect(readTypedCode('04252614', [can])).toMatchObject({ kind: 'found', productId: 4 });
    expect(readTypedCode('04252614', [milk])).toEqual({ kind: 'unknown', code: '04252614' });
  });

  test('a number with a wrong check digit, part of a code or a word is not a barcode', () => {
    expect(readTypedCode('9501101530004', [milk])).toBeNull();
    expect(readTypedCode('0291', [milk])).toBeNull();
    expect(readTypedCode('milk', [milk])).toBeNull();
  });

  test('the person is told which it is, as the scan tells them', () => {
    expect(unlistedCodeMessage({ kind: 'unknown', code: '9501101530003' })).toBe(
      'No product has the barcode 9501101530003.',
    );
    expect(unlistedCodeMessage({ kind: 'elsewhere', name: 'Vanilla Syrup', code: '4006381333931' })).toBe(
      '4006381333931 is Vanilla Syrup, which this list does not show.',
    );
  });
});
