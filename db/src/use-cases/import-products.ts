import type { Db } from '@db/client.ts';
import { listAdminCategories } from '@db/repositories/admin-categories.ts';
import {
  addMissingCategories,
  insertProducts,
  listAdminProducts,
  updateProducts,
} from '@db/repositories/admin-products.ts';
import { type AuditEntry, recordAudits } from '@db/repositories/audit-log.ts';
import type { Actor } from '@engine/actor.ts';
import type {
  AdminProduct,
  ImportError,
  ProductImportBody,
  ProductImportResult,
} from '@engine/admin-product-schemas.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { type ProductImportPlan, planProductImport } from '@engine/product-csv-rows.ts';
import { fieldsOf, withProductConflicts } from './product-write-rules.ts';

async function plan(db: Db, csv: string): Promise<ProductImportPlan & { existing: AdminProduct[] }> {
  const products = await listAdminProducts(db);
  const categories = await listAdminCategories(db);
  const result = planProductImport(
    csv,
    products,
    categories.map((c) => c.category),
  );
  return { ...result, existing: products };
}

/** The 400 of a file with problems: the first in the message, every one in `details.errors`. */
function refusal(errors: readonly ImportError[]): AppError {
  const [first] = errors;
  const count = errors.length === 1 ? '1 problem' : `${errors.length} problems`;
  return AppError.validation(
    `The file has ${count}; nothing was imported. Line ${first?.line}: ${first?.message}`,
    { errors },
  );
}

/**
 * A dry run answers what would happen. A real run writes every row in one transaction, or nothing when any
 * row has a problem. Products are locked against other writes meanwhile and the plan is made again inside,
 * so what is written matches what was checked even if someone edited a product since the preview.
 */
export async function importProducts(
  db: Db,
  actor: Actor,
  body: ProductImportBody,
): Promise<ProductImportResult> {
  if (body.dryRun) {
    const { rows, errors } = await plan(db, body.csv);
    return { dryRun: true, rows, errors, created: 0, updated: 0 };
  }
  return withProductConflicts({}, () =>
    db.transaction(async (tx) => {
      await tx.query('LOCK TABLE products IN SHARE ROW EXCLUSIVE MODE');
      const { rows, errors, existing } = await plan(tx, body.csv);
      if (errors.length > 0) throw refusal(errors);

      const creates = rows.filter((row) => row.action === 'create');
      const updates = rows.filter((row) => row.action === 'update' && row.changed.length > 0);
      const createdIds = await insertProducts(
        tx,
        creates.map((row) => row.product),
      );
      await updateProducts(
        tx,
        updates.map((row) => ({ id: row.productId ?? 0, product: row.product })),
      );
      await addMissingCategories(
        tx,
        rows.map((row) => row.product.cafeOrderCategory),
      );

      const before = new Map(existing.map((product) => [product.id, product]));
      const audits: AuditEntry[] = [
        ...creates.map(
          (row, i): AuditEntry => ({
            actorId: actor.id,
            action: 'product.create',
            entity: 'product',
            entityId: String(createdIds[i]),
            locationId: null,
            after: { ...row.product, source: 'csv', line: row.line },
          }),
        ),
        ...updates.map((row): AuditEntry => {
          const current = before.get(row.productId ?? 0);
          return {
            actorId: actor.id,
            action: 'product.update',
            entity: 'product',
            entityId: String(row.productId),
            locationId: null,
            before: current ? fieldsOf(current) : null,
            after: { ...row.product, source: 'csv', line: row.line, changed: row.changed },
          };
        }),
      ];
      await recordAudits(tx, audits);
      return { dryRun: false, rows, errors: [], created: creates.length, updated: updates.length };
    }),
  );
}
