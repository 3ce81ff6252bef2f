import { Elysia } from 'elysia';
import { listCategoryOrder } from '../../../../db/src/repositories/categories.ts';
import type { CategoryOrderEntry } from '../../../../engine/src/api-schemas.ts';
import type { AppDeps } from '../../app-deps.ts';

export function categoryOrderModule({ db, auth }: AppDeps) {
  return new Elysia()
    .use(auth)
    .get('/api/admin/category-order', (): Promise<CategoryOrderEntry[]> => listCategoryOrder(db), {
      auth: 'any-permission',
    });
}
