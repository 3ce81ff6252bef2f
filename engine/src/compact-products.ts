import type { CompactProduct, Product } from './api-schemas.ts';
import { fillInDefaults, leaveOutDefaults } from './compact-records.ts';

type Defaulted = 'sku' | 'orderSubcategory' | 'maximumStockQuantity' | 'vendor' | 'isDailyCount' | 'barcode';

/** What a product without those details has; the compact product list leaves out a field equal to its value here. */
export const PRODUCT_DEFAULTS: Readonly<Pick<Product, Defaulted>> = Object.freeze({
  sku: null,
  orderSubcategory: null,
  maximumStockQuantity: null,
  vendor: null,
  isDailyCount: false,
  barcode: null,
});

export function compactProducts(products: readonly Product[]): CompactProduct[] {
  return products.map((product) => leaveOutDefaults(product, PRODUCT_DEFAULTS) as CompactProduct);
}

export function expandProducts(products: readonly CompactProduct[]): Product[] {
  return products.map((product) => fillInDefaults(product, PRODUCT_DEFAULTS));
}
