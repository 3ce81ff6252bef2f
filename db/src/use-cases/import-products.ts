import type { Db } from '@db/client.ts';
import { listAdminCategories } from '@db/repositories/admin-categories.ts';
import {
  addMissingCategories,
  insertProducts,
  listAdminProducts,
  lowerAsDatabase,
  PRODUCT_NAME_INDEXES,
  PRODUCT_SKU_INDEXES,
  updateProducts,
} from '@db/repositories/admin-products.ts';
import { uniqueViolationOf, uniqueViolationValue } from '@db/repositories/admin-unique-violation.ts';
import { type AuditEntry, recordAudits } from '@db/repositories/audit-log.ts';
import type { Actor } from '@engine/actor.ts';
import type {
  AdminProduct,
  ImportError,
  ProductImportBody,
  ProductImportResult,
  ProductImportRow,
} from '@engine/admin-product-schemas.ts';
import { AppError } from '@engine/errors/app-error.ts';
import {
  type NameKey,
  type ProductImportPlan,
  planProductImport,
  productCsvNamesAndSkus,
} from '@engine/product-csv-rows.ts';
import { fieldsOf } from './product-write-rules.ts';

type Plan = ProductImportPlan & { existing: AdminProduct[]; key: NameKey };

/**
 * Names and SKUs are matched as the unique indexes will compare them: by the database's lower() of their
 * NFC form (decision 105), so a dry run and the real import agree on both databases.
 */
async function plan(db: Db, csv: string): Promise<Plan> {
  const products = await listAdminProducts(db);
  const categories = await listAdminCategories(db);
  const stored = products.flatMap((product) => (product.sku ? [product.name, product.sku] : [product.name]));
  const values = [...productCsvNamesAndSkus(csv), ...stored].map((value) => value.normalize('NFC'));
  const folded = await lowerAsDatabase(db, values);
  const key: NameKey = (value) => {
    const nfc = value.normalize('NFC');
    return folded.get(nfc) ?? nfc.toLowerCase();
  };
  const result = planProductImport(
    csv,
    products,
    categories.map((c) => c.category),
    key,
  );
  return { ...result, existing: products, key };
}

/**
 * A 409 naming the row a unique index refused. The plan matches names as the indexes do, so this is for
 * what it could not foresee; the row is found from the value the database names.
 */
export function importConflict(
  error: unknown,
  rows: readonly ProductImportRow[],
  key: NameKey,
): AppError | null {
  const index = uniqueViolationOf(error);
  if (index === null) return null;
  const value = uniqueViolationValue(error);
  const isName = PRODUCT_NAME_INDEXES.includes(index);
  const isSku = PRODUCT_SKU_INDEXES.includes(index);
  const fieldOf = (row: ProductImportRow) => (isSku ? row.product.sku : row.product.name);
  const row =
    value === null || !(isName || isSku)
      ? undefined
      : rows.find((candidate) => {
          const field = fieldOf(candidate);
          return field !== null && (field === value || key(field) === key(value));
        });
  if (row && isName) {
    return AppError.conflict(
      `Line ${row.line}: a product named '${row.product.name}' already exists; nothing was imported.`,
    );
  }
  if (row && isSku) {
    return AppError.conflict(
      `Line ${row.line}: the SKU '${row.product.sku}' is already used by another product; nothing was imported.`,
    );
  }
  return AppError.conflict(
    'A row of the file has the name, SKU or barcode of another product; nothing was imported.',
  );
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
  const attempt: { plan?: Plan } = {};
  try {
    return await db.transaction(async (tx) => {
      await tx.query('LOCK TABLE products IN SHARE ROW EXCLUSIVE MODE');
      attempt.plan = await plan(tx, body.csv);
      const { rows, errors, existing } = attempt.plan;
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
    });
  } catch (error) {
    throw (attempt.plan && importConflict(error, attempt.plan.rows, attempt.plan.key)) ?? error;
  }
}
