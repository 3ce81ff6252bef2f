import type { AppDeps } from '@bff/app-deps.ts';
import { listCurrentProducts } from '@db/repositories/products.ts';
import type { Product } from '@engine/api-schemas.ts';
import { Elysia } from 'elysia';

export function productsModule({ db, auth }: AppDeps) {
  return new Elysia()
    .use(auth)
    .get('/api/products', (): Promise<Product[]> => listCurrentProducts(db), { auth: 'any-permission' });
}
