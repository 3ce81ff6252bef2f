import { describe, expect, test } from 'bun:test';
import {
  barcodeKey,
  barcodeProblem,
  expandUpcE,
  gtinCheckDigit,
  isValidBarcode,
  normaliseBarcode,
  scannedBarcodeKeys,
  storableBarcode,
} from './barcode.ts';

// Real codes from GS1's examples and retail packs.
const EAN_13 = '4006381333931';
const UPC_A = '036000291452';
const EAN_8 = '96385074';
const GTIN_14 = '10012345678902';

describe('check digit', () => {
  test('weights 3 and 1 alternate from the right', () => {
    expect(gtinCheckDigit('400638133393')).toBe(1);
    expect(gtinCheckDigit('03600029145')).toBe(2);
    expect(gtinCheckDigit('9638507')).toBe(4);
    expect(gtinCheckDigit('1001234567890')).toBe(2);
  });

  test('a sum that is already a multiple of ten gives 0, not 10', () => {
    expect(gtinCheckDigit('0000000')).toBe(0);
    expect(isValidBarcode('00000000')).toBe(true);
  });

  test('accepts each length GS1 defines', () => {
    for (const code of [EAN_8, UPC_A, EAN_13, GTIN_14]) expect(barcodeProblem(code)).toBeNull();
  });

  test('refuses one changed digit, with the digit that would be right', () => {
    expect(barcodeProblem('4006381333932')).toBe(
      'has a wrong check digit: 4006381333932 ends in 2, a valid code would end in 1 — check the digits',
    );
    expect(isValidBarcode('036000291453')).toBe(false);
  });

  test('refuses two neighbouring digits swapped (the usual typing slip)', () => {
    expect(isValidBarcode('4006381339331')).toBe(false);
  });
});

describe('shape', () => {
  test('refuses lengths other than 8, 12, 13 and 14', () => {
    expect(barcodeProblem('1234567')).toBe('must have 8, 12, 13 or 14 digits (got 7)');
    expect(barcodeProblem('12345678901')).toBe('must have 8, 12, 13 or 14 digits (got 11)');
    expect(barcodeProblem('123456789012345')).toBe('must have 8, 12, 13 or 14 digits (got 15)');
  });

  test('refuses letters and other marks', () => {
    expect(barcodeProblem('ABC-123')).toBe('must be digits only (a GTIN, UPC or EAN code)');
    expect(barcodeProblem('')).toBe('must be digits only (a GTIN, UPC or EAN code)');
  });

  test('spaces and dashes between digit groups are dropped before checking', () => {
    expect(normaliseBarcode(' 4 006381 333931 ')).toBe(EAN_13);
    expect(normaliseBarcode('0-36000-29145-2')).toBe(UPC_A);
  });
});

describe('key', () => {
  test('UPC-A and the EAN-13 with a leading zero are the same item', () => {
    expect(barcodeKey(UPC_A)).toBe('00036000291452');
    expect(barcodeKey(`0${UPC_A}`)).toBe('00036000291452');
  });

  test('an invalid code has no key', () => {
    expect(barcodeKey('036000291453')).toBeNull();
  });
});

describe('UPC-E', () => {
  test('expands each zero-suppression pattern to its UPC-A', () => {
    expect(expandUpcE('04252614')).toBe('042100005264');
    expect(expandUpcE('01234565')).toBe('012345000065');
    expect(expandUpcE('01234531')).toBe('012300000451');
    expect(expandUpcE('01234543')).toBe('012340000053');
  });

  test('a scanned 8-digit code looks up both its EAN-8 and its UPC-A meaning', () => {
    expect(scannedBarcodeKeys('04252614')).toContain('00042100005264');
    expect(scannedBarcodeKeys(EAN_8)).toEqual(['00000096385074']);
  });

  test('a code is put on a product as itself, or as its UPC-A when it is valid only as UPC-E', () => {
    expect(storableBarcode('0425 2614')).toBe('042100005264');
    expect(storableBarcode(EAN_8)).toBe(EAN_8);
    expect(storableBarcode('5012345678900')).toBe('5012345678900');
    expect(storableBarcode('4006381333932')).toBeNull();
  });

  test('a misread scan stands for nothing', () => {
    expect(scannedBarcodeKeys('4006381333932')).toEqual([]);
    expect(scannedBarcodeKeys('hello')).toEqual([]);
  });
});
