import {
  type ProductImportBody,
  type ProductImportResult,
  productImportResultSchema,
} from '@engine/admin-product-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PRODUCTS_URL } from './admin-products.ts';
import { invalidateProductReads } from './product-cache.ts';
import { sendParsed } from './send-parsed.ts';

export const PRODUCT_IMPORT_URL = `${ADMIN_PRODUCTS_URL}/import`;

/**
 * POST /api/admin/products/import. A dry run answers what the file would do, every bad row with its line,
 * and writes nothing; the real run writes every row or, on any problem, none.
 */
export function importProducts(body: ProductImportBody): Promise<ProductImportResult> {
  return sendParsed('POST', PRODUCT_IMPORT_URL, body, productImportResultSchema);
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
