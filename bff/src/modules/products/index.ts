import type { AppDeps } from '@bff/app-deps.ts';
import { encodeOnceForAll, notModified, readVersionTag } from '@bff/http/encode-json-response.ts';
import { currentProductsVersion, listCurrentProducts, type ProductRow } from '@db/repositories/products.ts';
import { referenceEndpoints } from '@engine/endpoints/reference-endpoints.ts';

export function productsModule({ db, routes }: AppDeps) {
  // The list at the version last built, serialized and compressed once for every request that reads that version
  // (a chain's morning: every device opening Count Inventory reads the same list). The version is read from the
  // database on every request, so a product changed through any instance is never answered from here.
  let built: { etag: string; products: Promise<ProductRow[]> } | undefined;

  return routes().on(referenceEndpoints.products, async ({ request, set }) => {
    // The version first (see currentProductsVersion): a revalidation that finds the list unchanged never builds it.
    const etag = readVersionTag(await currentProductsVersion(db));
    const unchanged = notModified(request, etag);
    if (unchanged) return unchanged;
    if (built?.etag !== etag) {
      const products = listCurrentProducts(db).then(encodeOnceForAll);
      built = { etag, products };
      // A failed read is not kept: the next request reads again.
      products.catch(() => {
        if (built?.products === products) built = undefined;
      });
    }
    set.headers.etag = etag;
    return built.products;
  }).app;
}
