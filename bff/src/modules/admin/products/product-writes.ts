import type { CurrentUser } from '@bff/auth/current-user.ts';
import { conflict } from '@bff/modules/admin/admin-access.ts';
import type { Db } from '@db/client.ts';
import { listAdminCategories } from '@db/repositories/admin-categories.ts';
import {
  addMissingCategories,
  findAdminProduct,
  insertProduct,
  PRODUCT_NAME_INDEXES,
  PRODUCT_SKU_INDEXES,
  updateProduct,
} from '@db/repositories/admin-products.ts';
import { uniqueViolationOf } from '@db/repositories/admin-unique-violation.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import { matchCategoryName } from '@engine/admin-category-schemas.ts';
import type {
  AdminProduct,
  createProductBodySchema,
  ProductFields,
  updateProductBodySchema,
} from '@engine/admin-product-schemas.ts';
import { AppError } from '@engine/errors/app-error.ts';
import type { z } from 'zod';

type CreateProduct = z.output<typeof createProductBodySchema>;
type UpdateProduct = z.output<typeof updateProductBodySchema>;

/** Runs a write; a repeated name or SKU becomes a 409 saying which. */
export async function withProductConflicts<T>(
  product: { name?: string; sku?: string | null },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const index = uniqueViolationOf(error);
    if (index !== null && PRODUCT_NAME_INDEXES.includes(index)) {
      throw conflict(`A product named '${product.name}' already exists.`);
    }
    if (index !== null && PRODUCT_SKU_INDEXES.includes(index)) {
      throw conflict(`The SKU '${product.sku}' is already used by another product.`);
    }
    if (index !== null) throw conflict('A product with the same name or SKU already exists.');
    throw error;
  }
}

export function fieldsOf(product: AdminProduct): ProductFields {
  const { id: _id, retiredAt: _retiredAt, ...fields } = product;
  return fields;
}

async function knownCategoryName(db: Db, name: string): Promise<string> {
  const categories = await listAdminCategories(db);
  return matchCategoryName(
    name,
    categories.map((c) => c.category),
  );
}

export function createProduct(db: Db, actor: CurrentUser, body: CreateProduct): Promise<AdminProduct> {
  return withProductConflicts(body, () =>
    db.transaction(async (tx) => {
      const fields = { ...body, cafeOrderCategory: await knownCategoryName(tx, body.cafeOrderCategory) };
      const product = await insertProduct(tx, fields);
      await addMissingCategories(tx, [product.cafeOrderCategory]);
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'product.create',
        entity: 'product',
        entityId: String(product.id),
        locationId: null,
        after: product,
      });
      return product;
    }),
  );
}

/** Edits fields and/or retires (`retired: true`) or brings back a product. Products are never deleted. */
export function updateProductOf(
  db: Db,
  actor: CurrentUser,
  id: number,
  body: UpdateProduct,
): Promise<AdminProduct> {
  const { retired, ...change } = body;
  return withProductConflicts(change, () =>
    db.transaction(async (tx) => {
      const before = await findAdminProduct(tx, id, { forUpdate: true });
      if (!before) throw AppError.notFound(`No product with id ${id}.`);
      const fields: ProductFields = { ...fieldsOf(before), ...change };
      if (change.cafeOrderCategory !== undefined) {
        fields.cafeOrderCategory = await knownCategoryName(tx, change.cafeOrderCategory);
      }
      const after = await updateProduct(tx, id, fields, retired);
      await addMissingCategories(tx, [after.cafeOrderCategory]);
      const action =
        before.retiredAt === null && after.retiredAt !== null
          ? 'product.retire'
          : before.retiredAt !== null && after.retiredAt === null
            ? 'product.unretire'
            : 'product.update';
      await recordAudit(tx, {
        actorId: actor.id,
        action,
        entity: 'product',
        entityId: String(id),
        locationId: null,
        before,
        after,
      });
      return after;
    }),
  );
}
