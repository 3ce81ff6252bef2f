import type { Product } from '@engine/api-schemas.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointKeyPrefix } from '@web/lib/api-client.ts';
import { productsQueryKey } from '@web/lib/shared-reads/products.ts';

export interface BarcodeAssignment {
  productId: number;
  barcode: string;
}

/*
 * The admin area's declarations (every admin route's schemas, built as the module runs) load when a code is
 * assigned, not with the count screens that offer it: imported with them, they were built at every start.
 */
const loadAdminEndpoints = async () => (await import('@engine/endpoints/admin-endpoints.ts')).adminEndpoints;

/**
 * Puts a scanned code on a product, from a count screen. The product route checks on the server that the
 * person may manage products, that the code is a valid GTIN and that no other product holds it (409).
 */
export function useAssignBarcode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ productId, barcode }: BarcodeAssignment) =>
      call(
        (await loadAdminEndpoints()).updateProduct,
        { params: { id: productId }, body: { barcode } },
        { retries: 0 },
      ),
    onSuccess: async (saved) => {
      // The screen jumps to the product at once, so its list must know the code before the refetch lands.
      queryClient.setQueryData<Product[]>(productsQueryKey, (products) =>
        products?.map((product) =>
          product.id === saved.id ? { ...product, barcode: saved.barcode } : product,
        ),
      );
      void queryClient.invalidateQueries({ queryKey: productsQueryKey });
      const adminEndpoints = await loadAdminEndpoints();
      void queryClient.invalidateQueries({ queryKey: endpointKeyPrefix(adminEndpoints.listProducts) });
    },
  });
}
