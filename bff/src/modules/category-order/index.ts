import type { AppDeps } from '@bff/app-deps.ts';
import { listCategoryOrder } from '@db/repositories/categories.ts';
import type { CategoryOrderEntry } from '@engine/api-schemas.ts';
import { Elysia } from 'elysia';

export function categoryOrderModule({ db, auth }: AppDeps) {
  return new Elysia()
    .use(auth)
    .get('/api/admin/category-order', (): Promise<CategoryOrderEntry[]> => listCategoryOrder(db), {
      auth: 'any-permission',
    });
}
