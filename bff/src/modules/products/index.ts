import type { AppDeps } from '@bff/app-deps.ts';
import { encodeOnceForAll, notModified, readVersionTag } from '@bff/http/encode-json-response.ts';
import { currentProductsVersion, listCurrentProducts } from '@db/repositories/products.ts';
import type { CompactProduct, Product } from '@engine/api-schemas.ts';
import { compactProducts } from '@engine/compact-products.ts';
import { referenceEndpoints } from '@engine/endpoints/reference-endpoints.ts';

type Shape = 'full' | 'compact';

export function productsModule({ db, routes }: AppDeps) {
  // The list at the version last built, in each shape, serialized and compressed once for every request that
  // reads that version (a chain's morning: every device opening Count Inventory reads the same list). The
  // version is read from the database on every request, so a product changed through any instance is never
  // answered from here.
  const built = new Map<Shape, { etag: string; products: Promise<Product[] | CompactProduct[]> }>();

  return routes().on(referenceEndpoints.products, async ({ query, request, set }) => {
    const shape: Shape = query.shape ?? 'full';
    // The version first (see currentProductsVersion): a revalidation that finds the list unchanged never builds it.
    // Each shape has its own tag, so a cache never answers one shape with the other.
    const version = await currentProductsVersion(db);
    const etag = readVersionTag(shape === 'full' ? version : `${version}-${shape}`);
    const unchanged = notModified(request, etag);
    if (unchanged) return unchanged;
    let current = built.get(shape);
    if (current?.etag !== etag) {
      const list = listCurrentProducts(db);
      const products = (shape === 'compact' ? list.then(compactProducts) : list).then(encodeOnceForAll);
      current = { etag, products };
      built.set(shape, current);
      // A failed read is not kept: the next request reads again.
      products.catch(() => {
        if (built.get(shape)?.products === products) built.delete(shape);
      });
    }
    set.headers.etag = etag;
    return current.products;
  }).app;
}
