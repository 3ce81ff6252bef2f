import { storableBarcode } from '@engine/barcode.ts';
import { Alert, AlertDescription } from '@web/components/ui/alert.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { useAssignBarcode } from '@web/features/operations/api/assign-barcode.ts';
import { matchProducts, type SearchableProduct } from '@web/features/operations/model/match-products.ts';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import { refusedOffline } from '@web/lib/offline/refuse-offline.ts';
import { useId, useMemo, useState } from 'react';
import { ProductMatchList } from './product-match-list.tsx';

export const NO_ASSIGN_RIGHTS =
  'Ask someone who manages products to add it to the product under Settings → Products.';

interface AssignBarcodeProps {
  code: string;
  /** The products of the screen: the picker's choices. */
  products: readonly SearchableProduct[];
  onAssigned: (productId: number) => void;
}

/**
 * What a counting screen offers for a barcode no product has, scanned or typed into its search: someone who
 * manages products finds the product by name and puts the code on it; anyone else is told whom to ask.
 */
export function AssignBarcodeOrAsk({
  canAssign,
  ...assign
}: {
  canAssign: boolean;
} & AssignBarcodeProps) {
  return canAssign ? (
    <AssignBarcode {...assign} />
  ) : (
    <p className="text-muted-foreground text-sm">{NO_ASSIGN_RIGHTS}</p>
  );
}

/**
 * A small picker: find the product by name, then put the code on it. The server's refusal (the code already
 * on another product, a code it does not take) is shown as it says it.
 */
export function AssignBarcode({ code, products, onAssigned }: AssignBarcodeProps) {
  const [text, setText] = useState('');
  const assign = useAssignBarcode();
  const listId = useId();
  const matches = useMemo(() => matchProducts(products, text), [products, text]);
  const pick = (product: SearchableProduct) => {
    if (refusedOffline('Assigning a barcode')) return;
    // Awaited rather than given to `mutate`: the catalogue learns the code before this resolves, and the search
    // then lists the product and lets go of this picker, whose `mutate` callbacks would be dropped with it.
    assign.mutateAsync({ productId: product.id, barcode: storableBarcode(code) ?? code }).then(
      (saved) => {
        toast({ title: 'Barcode assigned', description: `${code} is now on ${saved.name}.` });
        onAssigned(saved.id);
      },
      // The refusal is shown from the mutation's state.
      () => undefined,
    );
  };
  return (
    <section aria-labelledby={`${listId}-title`} className="flex flex-col gap-2">
      <h3 id={`${listId}-title`} className="font-medium text-sm">
        Assign it to a product
      </h3>
      <Input
        type="search"
        aria-label="Find the product for this barcode"
        placeholder="Product name or SKU"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      {text.trim() !== '' ? (
        <ProductMatchList
          text={text}
          matches={matches}
          onPick={pick}
          disabled={assign.isPending}
          detail={(product) => (product.barcode ? ` · replaces ${product.barcode}` : '')}
          label="Products to assign the barcode to"
          className="max-h-48 overflow-y-auto rounded-md border border-border p-1"
        />
      ) : null}
      {assign.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{errorMessageForPerson(assign.error)}</AlertDescription>
        </Alert>
      ) : null}
    </section>
  );
}
