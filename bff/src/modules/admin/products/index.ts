import type { AppDeps } from '@bff/app-deps.ts';
import { parseInput } from '@bff/http/parse-input.ts';
import { ADMIN_PANEL } from '@bff/modules/admin/admin-access.ts';
import { parseRecordId } from '@bff/modules/admin/record-id.ts';
import { listAdminProducts } from '@db/repositories/admin-products.ts';
import {
  type AdminProduct,
  createProductBodySchema,
  type ProductImportResult,
  productImportBodySchema,
  updateProductBodySchema,
} from '@engine/admin-product-schemas.ts';
import { Elysia } from 'elysia';
import { importProducts } from './import-products.ts';
import { createProduct, updateProductOf } from './product-writes.ts';

export function adminProductsModule({ db, auth }: AppDeps) {
  return new Elysia()
    .use(auth)
    .get('/api/admin/products', (): Promise<AdminProduct[]> => listAdminProducts(db), { auth: ADMIN_PANEL })
    .post(
      '/api/admin/products',
      async ({ body, user, set }): Promise<AdminProduct> => {
        const product = await createProduct(db, user, parseInput(createProductBodySchema, body));
        set.status = 201;
        return product;
      },
      { auth: ADMIN_PANEL },
    )
    .patch(
      '/api/admin/products/:id',
      ({ params, body, user }): Promise<AdminProduct> =>
        updateProductOf(db, user, parseRecordId(params.id), parseInput(updateProductBodySchema, body)),
      { auth: ADMIN_PANEL },
    )
    .post(
      '/api/admin/products/import',
      ({ body, user }): Promise<ProductImportResult> =>
        importProducts(db, user, parseInput(productImportBodySchema, body)),
      { auth: ADMIN_PANEL },
    );
}
