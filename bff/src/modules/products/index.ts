import type { AppDeps } from '@bff/app-deps.ts';
import { listCurrentProducts } from '@db/repositories/products.ts';
import { referenceEndpoints } from '@engine/endpoints/reference-endpoints.ts';

export function productsModule({ db, routes }: AppDeps) {
  return routes().on(referenceEndpoints.products, () => listCurrentProducts(db)).app;
}
