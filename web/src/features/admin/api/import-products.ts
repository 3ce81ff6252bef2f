import type { ProductImportBody, ProductImportResult } from '@engine/admin-product-schemas.ts';
import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { invalidateProductReads } from './product-cache.ts';

/**
 * A dry run answers what the file would do, every bad row with its line, and writes nothing; the real run
 * writes every row or, on any problem, none. The mutation's own retry rule repeats a failed write.
 */
export function importProducts(body: ProductImportBody): Promise<ProductImportResult> {
  return call(adminEndpoints.importProducts, { body }, { retries: 0 });
}

/** The server's dry run of a file. */
export function useProductImportDryRun() {
  return useMutation({ mutationFn: (csv: string) => importProducts({ csv, dryRun: true }) });
}

export function useImportProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => importProducts({ csv, dryRun: false }),
    onSuccess: () => invalidateProductReads(queryClient),
  });
}
