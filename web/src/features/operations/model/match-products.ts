import { barcodeKey, scannedBarcodeKeys } from '@engine/barcode.ts';

export interface SearchableProduct {
  id: number;
  name: string;
  sku: string | null;
  /** Absent where the screen has no catalogue entry for the product. */
  barcode?: string | null;
  category: string;
}

const MAX_MATCHES = 8;

/**
 * Products whose name, SKU or barcode holds every word typed, names starting with the text first. A whole
 * barcode also finds its product in another GTIN form (a UPC-A typed for a code stored as EAN-13, a UPC-E for
 * its UPC-A), as a scan of it does.
 */
export function matchProducts(products: readonly SearchableProduct[], text: string): SearchableProduct[] {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const typedKeys = scannedBarcodeKeys(text);
  const hits = products.filter((product) => {
    if (typedKeys.length > 0 && product.barcode) {
      const key = barcodeKey(product.barcode);
      if (key !== null && typedKeys.includes(key)) return true;
    }
    const haystack = `${product.name} ${product.sku ?? ''} ${product.barcode ?? ''}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
  const first = text.trim().toLowerCase();
  return hits
    .sort(
      (a, b) =>
        Number(!a.name.toLowerCase().startsWith(first)) - Number(!b.name.toLowerCase().startsWith(first)) ||
        a.name.localeCompare(b.name),
    )
    .slice(0, MAX_MATCHES);
}
