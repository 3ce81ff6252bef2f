import type { Db } from '@db/client.ts';
import {
  addMissingCategories,
  findAdminProduct,
  updateProduct as writeProduct,
} from '@db/repositories/admin-products.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import type { Actor } from '@engine/actor.ts';
import type { AdminProduct, ProductFields, updateProductBodySchema } from '@engine/admin-product-schemas.ts';
import { refuseChangedMeanwhile } from '@engine/changed-meanwhile.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { notFoundMessage } from '@engine/errors/refusal-messages.ts';
import type { z } from 'zod';
import {
  fieldsOf,
  knownCategoryName,
  refuseTakenBarcode,
  withProductConflicts,
} from './product-write-rules.ts';

export type ProductChange = z.output<typeof updateProductBodySchema>;

function auditAction(before: AdminProduct, after: AdminProduct): string {
  if (before.retiredAt === null && after.retiredAt !== null) return 'product.retire';
  if (before.retiredAt !== null && after.retiredAt === null) return 'product.unretire';
  return 'product.update';
}

/** Edits fields and/or retires (`retired: true`) or brings back a product. Products are never deleted. */
export function updateProduct(db: Db, actor: Actor, id: number, body: ProductChange): Promise<AdminProduct> {
  const { retired, expectedUpdatedAt, ...change } = body;
  return withProductConflicts(change, () =>
    db.transaction(async (tx) => {
      const before = await findAdminProduct(tx, id, { forUpdate: true });
      if (!before) throw AppError.notFound(notFoundMessage('product'));
      refuseChangedMeanwhile('product', before.updatedAt, expectedUpdatedAt);
      const fields: ProductFields = { ...fieldsOf(before), ...change };
      if (change.barcode !== undefined) await refuseTakenBarcode(tx, change.barcode, id);
      if (change.cafeOrderCategory !== undefined) {
        fields.cafeOrderCategory = await knownCategoryName(tx, change.cafeOrderCategory);
      }
      const after = await writeProduct(tx, id, fields, retired);
      await addMissingCategories(tx, [after.cafeOrderCategory]);
      await recordAudit(tx, {
        actorId: actor.id,
        action: auditAction(before, after),
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
