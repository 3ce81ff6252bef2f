import { barcodeKey, normaliseBarcode, scannedBarcodeKeys } from '@engine/barcode.ts';

interface CodedProduct {
  id: number;
  name: string;
  barcode?: string | null;
}

/** What a scanned code means on the screen it was scanned on. */
export type ScannedCode =
  /** A product of this screen's list: jump to it. */
  | { kind: 'found'; productId: number; code: string }
  /** A product of the catalogue that this screen does not list (not a daily item, discontinued here…). */
  | { kind: 'elsewhere'; name: string; code: string }
  /** A valid GTIN no product has yet: a manager may assign it. */
  | { kind: 'unknown'; code: string }
  /** Not a product barcode at all (a misread, or another kind of code). */
  | { kind: 'not-a-product-code'; code: string };

function byKey<P extends CodedProduct>(products: readonly P[]): Map<string, P> {
  const map = new Map<string, P>();
  for (const product of products) {
    const key = product.barcode ? barcodeKey(product.barcode) : null;
    if (key) map.set(key, product);
  }
  return map;
}

/**
 * Finds the product a scanned code stands for, comparing 14-digit GTIN forms so a UPC-A label finds the
 * product stored under its EAN-13 and a UPC-E can finds its UPC-A.
 */
export function readScannedCode(
  raw: string,
  listed: readonly CodedProduct[],
  catalogue: readonly CodedProduct[] = [],
): ScannedCode {
  const code = normaliseBarcode(raw);
  const keys = scannedBarcodeKeys(code);
  if (keys.length === 0) return { kind: 'not-a-product-code', code };
  const onList = byKey(listed);
  const inCatalogue = byKey(catalogue);
  for (const key of keys) {
    const product = onList.get(key);
    if (product) return { kind: 'found', productId: product.id, code };
  }
  for (const key of keys) {
    const product = inCatalogue.get(key);
    if (product) return { kind: 'elsewhere', name: product.name, code };
  }
  return { kind: 'unknown', code };
}

/** A code that no product of the screen's list has: one no product has at all, or another product's. */
export type UnlistedCode = Extract<ScannedCode, { kind: 'unknown' | 'elsewhere' }>;

/**
 * What text typed into a screen's search stands for when it is a whole valid barcode, UPC-E included (as a
 * handheld scanner types it, or a person from the label), read as a scan of it is; null for any other text,
 * which includes a number whose check digit is wrong: that is searched as text.
 */
export function readTypedCode(
  text: string,
  listed: readonly CodedProduct[],
  catalogue: readonly CodedProduct[] = [],
): ScannedCode | null {
  return scannedBarcodeKeys(text).length === 0 ? null : readScannedCode(text, listed, catalogue);
}

/** What the person is told of a code the screen's list has no product for, scanned or typed alike. */
export function unlistedCodeMessage(outcome: UnlistedCode): string {
  return outcome.kind === 'unknown'
    ? `No product has the barcode ${outcome.code}.`
    : `${outcome.code} is ${outcome.name}, which this list does not show.`;
}
