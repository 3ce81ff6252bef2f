import { Alert, AlertDescription } from '@web/components/ui/alert.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { matchProducts, type SearchableProduct } from '@web/features/operations/model/match-products.ts';
import {
  readTypedCode,
  type UnlistedCode,
  unlistedCodeMessage,
} from '@web/features/operations/model/scanned-code.ts';
import { Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { AssignBarcodeOrAsk } from './assign-barcode.tsx';
import { ProductMatchList } from './product-match-list.tsx';
import type { CataloguedProduct } from './scan-dialog.tsx';

const POPOVER =
  'absolute inset-x-0 top-full z-30 mt-1 overflow-y-auto rounded-md border border-border bg-popover shadow-md';

/**
 * Search by name, SKU or barcode across every category of the operation: Enter (or a click) on a match
 * opens its category and puts the cursor in its field. A whole barcode no product of the list has is
 * answered as a scan of it is: named when another product has it, else offered for assigning to someone who
 * manages products (a handheld scanner types the code and Enter into this box).
 */
export function ProductSearch({
  products,
  catalogue,
  canAssign,
  onPick,
}: {
  products: readonly SearchableProduct[];
  /** Every product still sold, to name one this screen does not list. */
  catalogue: readonly CataloguedProduct[];
  canAssign: boolean;
  onPick: (productId: number) => void;
}) {
  const [text, setText] = useState('');
  const listId = useId();
  const matches = useMemo(() => matchProducts(products, text), [products, text]);
  const unlisted = useMemo((): UnlistedCode | null => {
    if (matches.length > 0) return null;
    const outcome = readTypedCode(text, products, catalogue);
    return outcome?.kind === 'unknown' || outcome?.kind === 'elsewhere' ? outcome : null;
  }, [matches, text, products, catalogue]);
  const pick = (productId: number) => {
    setText('');
    onPick(productId);
  };
  return (
    <div className="relative min-w-0 flex-1 sm:max-w-sm">
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        aria-label="Search products by name or SKU, or by barcode"
        placeholder="Name, SKU, barcode"
        autoComplete="off"
        enterKeyHint="go"
        aria-controls={matches.length > 0 || unlisted ? listId : undefined}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setText('');
          if (event.key !== 'Enter') return;
          event.preventDefault();
          const [first] = matches;
          if (first) pick(first.id);
          // The next code a handheld scanner types replaces this one instead of running on from it.
          else if (unlisted) event.currentTarget.select();
        }}
        className="pl-9"
      />
      {text.trim() === '' ? null : unlisted ? (
        <div id={listId} className={`${POPOVER} flex max-h-[70vh] flex-col gap-3 p-3`}>
          <Alert live="status" variant={unlisted.kind === 'unknown' ? 'warning' : 'default'}>
            <AlertDescription data-testid="search-code-outcome">
              {unlistedCodeMessage(unlisted)}
            </AlertDescription>
          </Alert>
          {unlisted.kind === 'unknown' ? (
            <AssignBarcodeOrAsk
              canAssign={canAssign}
              code={unlisted.code}
              products={products}
              onAssigned={pick}
            />
          ) : null}
        </div>
      ) : (
        <ProductMatchList
          id={listId}
          text={text}
          matches={matches}
          onPick={(product) => pick(product.id)}
          detail={(product) => (
            <>
              {product.sku ? ` · SKU ${product.sku}` : ''}
              {product.barcode && /^\d+$/.test(text.trim()) ? ` · ${product.barcode}` : ''}
            </>
          )}
          label="Matching products"
          className={`${POPOVER} max-h-80 p-1`}
        />
      )}
    </div>
  );
}
