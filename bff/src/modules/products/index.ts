import { Elysia } from 'elysia';
import { listCurrentProducts } from '../../../../db/src/repositories/products.ts';
import type { Product } from '../../../../engine/src/api-schemas.ts';
import type { AppDeps } from '../../app-deps.ts';

export function productsModule({ db, auth }: AppDeps) {
  return new Elysia()
    .use(auth)
    .get('/api/products', (): Promise<Product[]> => listCurrentProducts(db), { auth: 'any-permission' });
}
