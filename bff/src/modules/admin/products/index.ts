import type { AppDeps } from '@bff/app-deps.ts';
import { listAdminCategories } from '@db/repositories/admin-categories.ts';
import { listAdminProducts } from '@db/repositories/admin-products.ts';
import { createProduct } from '@db/use-cases/create-product.ts';
import { importProducts } from '@db/use-cases/import-products.ts';
import { reorderCategories } from '@db/use-cases/reorder-categories.ts';
import { updateProduct } from '@db/use-cases/update-product.ts';
import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';

/** The product catalogue: products, their CSV import and the category order. */
export function adminProductsModule({ db, routes }: AppDeps) {
  return routes()
    .on(adminEndpoints.listProducts, () => listAdminProducts(db))
    .on(adminEndpoints.createProduct, ({ body, user }) => createProduct(db, user, body))
    .on(adminEndpoints.updateProduct, ({ params, body, user }) => updateProduct(db, user, params.id, body))
    .on(adminEndpoints.importProducts, ({ body, user }) => importProducts(db, user, body))
    .on(adminEndpoints.listCategories, () => listAdminCategories(db))
    .on(adminEndpoints.reorderCategories, ({ body, user }) => reorderCategories(db, user, body)).app;
}
