import { Button } from '@web/components/ui/button.tsx';
import type { SearchableProduct } from '@web/features/operations/model/match-products.ts';
import { usePermissions } from '@web/lib/shared-reads/use-permissions.ts';
import { ScanBarcode } from 'lucide-react';
import { useRef, useState } from 'react';
import { ProductSearch } from './product-search.tsx';
import { type CataloguedProduct, ScanDialog } from './scan-dialog.tsx';

const NO_PRODUCTS: readonly CataloguedProduct[] = [];

/**
 * The search box of a counting screen and, beside it, 'Scan': both lead to a product's row in whichever
 * category it is, with the cursor in its field.
 */
export function SearchAndScan({
  products,
  catalogue,
  onPick,
}: {
  products: readonly SearchableProduct[];
  catalogue: readonly CataloguedProduct[] | undefined;
  onPick: (productId: number) => void;
}) {
  const [scanning, setScanning] = useState(false);
  const scanButton = useRef<HTMLButtonElement>(null);
  const { has } = usePermissions();
  const canAssign = has('admin_panel');
  return (
    <div className="flex min-w-0 flex-1 items-start gap-2 sm:max-w-md">
      <ProductSearch
        products={products}
        catalogue={catalogue ?? NO_PRODUCTS}
        canAssign={canAssign}
        onPick={onPick}
      />
      <Button ref={scanButton} variant="outline" className="h-11 shrink-0" onClick={() => setScanning(true)}>
        <ScanBarcode aria-hidden />
        Scan
      </Button>
      <ScanDialog
        open={scanning}
        onOpenChange={setScanning}
        products={products}
        catalogue={catalogue ?? NO_PRODUCTS}
        canAssign={canAssign}
        onFound={onPick}
        returnFocusTo={scanButton}
      />
    </div>
  );
}
