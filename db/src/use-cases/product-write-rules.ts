import type { Db } from '@db/client.ts';
import { listAdminCategories } from '@db/repositories/admin-categories.ts';
import {
  findProductByBarcode,
  PRODUCT_BARCODE_INDEXES,
  PRODUCT_NAME_INDEXES,
  PRODUCT_SKU_INDEXES,
} from '@db/repositories/admin-products.ts';
import { uniqueViolationOf } from '@db/repositories/admin-unique-violation.ts';
import { matchCategoryName } from '@engine/admin-category-schemas.ts';
import type { AdminProduct, ProductFields } from '@engine/admin-product-schemas.ts';
import { AppError } from '@engine/errors/app-error.ts';

/** Runs a write; a repeated name, SKU or barcode becomes a 409 saying which. */
export async function withProductConflicts<T>(
  product: { name?: string; sku?: string | null; barcode?: string | null },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const index = uniqueViolationOf(error);
    if (index !== null && PRODUCT_NAME_INDEXES.includes(index)) {
      throw AppError.conflict(`A product named '${product.name}' already exists.`);
    }
    if (index !== null && PRODUCT_SKU_INDEXES.includes(index)) {
      throw AppError.conflict(`The SKU '${product.sku}' is already used by another product.`);
    }
    if (index !== null && PRODUCT_BARCODE_INDEXES.includes(index)) {
      throw AppError.conflict(`The barcode ${product.barcode} is already on another product.`);
    }
    if (index !== null)
      throw AppError.conflict('A product with the same name, SKU or barcode already exists.');
    throw error;
  }
}

export function fieldsOf(product: AdminProduct): ProductFields {
  const { id: _id, retiredAt: _retiredAt, ...fields } = product;
  return fields;
}

/** The existing spelling of a category typed in another case, so "coffee" files under "Coffee". */
export async function knownCategoryName(db: Db, name: string): Promise<string> {
  const categories = await listAdminCategories(db);
  return matchCategoryName(
    name,
    categories.map((c) => c.category),
  );
}

/**
 * Refuses a barcode another product holds, naming that product so the person knows which one to fix. The
 * unique index stays the rule under concurrency; this check only words the common case better.
 */
export async function refuseTakenBarcode(db: Db, barcode: string | null, productId: number | null) {
  if (barcode === null) return;
  const owner = await findProductByBarcode(db, barcode);
  if (owner && owner.id !== productId) {
    throw AppError.conflict(`The barcode ${barcode} is already on ${owner.name}.`);
  }
}
