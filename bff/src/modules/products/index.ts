import type { AppDeps } from '@bff/app-deps.ts';
import { notModified, readVersionTag } from '@bff/http/encode-json-response.ts';
import { currentProductsVersion, listCurrentProducts } from '@db/repositories/products.ts';
import { referenceEndpoints } from '@engine/endpoints/reference-endpoints.ts';

export function productsModule({ db, routes }: AppDeps) {
  return routes().on(referenceEndpoints.products, async ({ request, set }) => {
    // The version first (see currentProductsVersion): a revalidation that finds the list unchanged never builds it.
    const etag = readVersionTag(await currentProductsVersion(db));
    const unchanged = notModified(request, etag);
    if (unchanged) return unchanged;
    const products = await listCurrentProducts(db);
    set.headers.etag = etag;
    return products;
  }).app;
}
