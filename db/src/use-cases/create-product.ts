import type { Db } from '@db/client.ts';
import { addMissingCategories, insertProduct } from '@db/repositories/admin-products.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import type { Actor } from '@engine/actor.ts';
import type { AdminProduct, createProductBodySchema } from '@engine/admin-product-schemas.ts';
import type { z } from 'zod';
import { knownCategoryName, refuseTakenBarcode, withProductConflicts } from './product-write-rules.ts';

export type NewProduct = z.output<typeof createProductBodySchema>;

export function createProduct(db: Db, actor: Actor, body: NewProduct): Promise<AdminProduct> {
  return withProductConflicts(body, () =>
    db.transaction(async (tx) => {
      await refuseTakenBarcode(tx, body.barcode, null);
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
