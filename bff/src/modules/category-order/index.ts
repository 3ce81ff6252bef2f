import type { AppDeps } from '@bff/app-deps.ts';
import { listCategoryOrder } from '@db/repositories/categories.ts';
import { referenceEndpoints } from '@engine/endpoints/reference-endpoints.ts';

export function categoryOrderModule({ db, routes }: AppDeps) {
  return routes().on(referenceEndpoints.categoryOrder, () => listCategoryOrder(db)).app;
}
