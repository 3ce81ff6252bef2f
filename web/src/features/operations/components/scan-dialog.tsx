import { Alert, AlertDescription } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { useAssignBarcode } from '@web/features/operations/api/assign-barcode.ts';
import { useCameraScanner } from '@web/features/operations/hooks/use-camera-scanner.ts';
import { readScannedCode, type ScannedCode } from '@web/features/operations/model/scanned-code.ts';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import type { FoundCode } from '@web/lib/barcode/code-reader.ts';
import { refusedOffline } from '@web/lib/offline/refuse-offline.ts';
import { type RefObject, useId, useMemo, useRef, useState } from 'react';
import { matchProducts, type SearchableProduct } from './product-search.tsx';

export interface CataloguedProduct {
  id: number;
  name: string;
  barcode: string | null;
}

type Outcome = Exclude<ScannedCode, { kind: 'found' }>;

export const SCAN_DIALOG_TITLE = 'Scan a barcode';
export const NO_ASSIGN_RIGHTS =
  'Ask someone who manages products to add it to the product under Settings → Products.';

/**
 * The rear camera in a dialog: a code of a listed product closes it and jumps to the product's field; any
 * other code is explained, and a code no product has may be assigned by someone who manages products.
 */
export function ScanDialog({
  open,
  onOpenChange,
  products,
  catalogue,
  canAssign,
  onFound,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The products this screen lists: the ones a scan jumps to, and the picker's choices. */
  products: readonly SearchableProduct[];
  /** Every product still sold, to name one this screen does not list. */
  catalogue: readonly CataloguedProduct[];
  canAssign: boolean;
  onFound: (productId: number) => void;
  /** The Scan button: Radix returns focus only to a DialogTrigger, and this dialog opens from outside one. */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [attempt, setAttempt] = useState(0);
  const videoRef = useRef<HTMLVideoElement>(null);
  const listed = useMemo(
    () => products.map((product) => ({ ...product, barcode: product.barcode ?? null })),
    [products],
  );

  // The jump waits until the dialog has closed: Radix hands focus back to the Scan button on close, which
  // would otherwise take it from the product's field.
  const jumpTo = useRef<number | null>(null);
  // Every way out forgets the last outcome, so the next 'Scan' starts with the camera.
  const close = () => {
    setOutcome(null);
    onOpenChange(false);
  };
  const found = (productId: number) => {
    jumpTo.current = productId;
    close();
  };
  const onCode = (code: FoundCode): boolean => {
    const result = readScannedCode(code.rawValue, listed, catalogue);
    if (result.kind === 'found') found(result.productId);
    else setOutcome(result);
    return true;
  };
  const camera = useCameraScanner(videoRef, open && outcome === null, onCode, attempt);
  const scanAgain = () => {
    setOutcome(null);
    setAttempt((n) => n + 1);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent
        className="gap-3 p-4 sm:max-w-md sm:p-6"
        closeLabel="Close the scanner"
        data-testid="scan-dialog"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const productId = jumpTo.current;
          jumpTo.current = null;
          if (productId === null) returnFocusTo.current?.focus();
          else onFound(productId);
        }}
      >
        <DialogHeader>
          <DialogTitle>{SCAN_DIALOG_TITLE}</DialogTitle>
          <DialogDescription>
            {outcome === null
              ? "Point the camera at the product's barcode and hold it still."
              : 'The camera is paused.'}
          </DialogDescription>
        </DialogHeader>
        {outcome === null ? (
          <>
            <div className="relative overflow-hidden rounded-md bg-black">
              <video
                ref={videoRef}
                muted
                playsInline
                aria-label="Camera preview"
                className="aspect-[4/3] w-full object-cover"
              />
              <div
                aria-hidden
                className="pointer-events-none absolute inset-x-6 top-1/2 h-1/3 -translate-y-1/2 rounded-md border-2 border-white/80"
              />
            </div>
            {camera.kind === 'failed' ? (
              <Alert variant="destructive">
                <AlertDescription>{camera.message}</AlertDescription>
              </Alert>
            ) : (
              <p className="text-muted-foreground text-sm" role="status">
                {camera.kind === 'scanning'
                  ? 'Looking for a barcode…'
                  : camera.kind === 'loading-reader'
                    ? 'Loading the barcode reader…'
                    : 'Starting the camera…'}
              </p>
            )}
            <DialogFooter>
              <Button variant="outline" className="h-11" onClick={close}>
                Close
              </Button>
              {camera.kind === 'failed' ? (
                <Button className="h-11" onClick={scanAgain}>
                  Try again
                </Button>
              ) : null}
            </DialogFooter>
          </>
        ) : (
          <ScanOutcome
            outcome={outcome}
            products={products}
            canAssign={canAssign}
            onScanAgain={scanAgain}
            onClose={close}
            onAssigned={found}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ScanOutcome({
  outcome,
  products,
  canAssign,
  onScanAgain,
  onClose,
  onAssigned,
}: {
  outcome: Outcome;
  products: readonly SearchableProduct[];
  canAssign: boolean;
  onScanAgain: () => void;
  onClose: () => void;
  onAssigned: (productId: number) => void;
}) {
  const message =
    outcome.kind === 'unknown'
      ? `No product has the barcode ${outcome.code}.`
      : outcome.kind === 'elsewhere'
        ? `${outcome.code} is ${outcome.name}, which this list does not show.`
        : `${outcome.code || 'That code'} is not a product barcode (GTIN, UPC or EAN). Try again, holding the barcode flat and in the light.`;
  return (
    <div className="flex flex-col gap-3">
      <Alert variant={outcome.kind === 'unknown' ? 'warning' : 'default'}>
        <AlertDescription data-testid="scan-outcome">{message}</AlertDescription>
      </Alert>
      {outcome.kind === 'unknown' ? (
        canAssign ? (
          <AssignBarcode code={outcome.code} products={products} onAssigned={onAssigned} />
        ) : (
          <p className="text-muted-foreground text-sm">{NO_ASSIGN_RIGHTS}</p>
        )
      ) : null}
      <DialogFooter>
        <Button variant="outline" className="h-11" onClick={onClose}>
          Close
        </Button>
        <Button className="h-11" onClick={onScanAgain}>
          Scan again
        </Button>
      </DialogFooter>
    </div>
  );
}

/** A small picker: find the product by name, then put the scanned code on it. */
function AssignBarcode({
  code,
  products,
  onAssigned,
}: {
  code: string;
  products: readonly SearchableProduct[];
  onAssigned: (productId: number) => void;
}) {
  const [text, setText] = useState('');
  const assign = useAssignBarcode();
  const listId = useId();
  const matches = useMemo(() => matchProducts(products, text), [products, text]);
  const pick = (product: SearchableProduct) => {
    if (refusedOffline('Assigning a barcode')) return;
    assign.mutate(
      { productId: product.id, barcode: code },
      {
        onSuccess: (saved) => {
          toast({ title: 'Barcode assigned', description: `${code} is now on ${saved.name}.` });
          onAssigned(saved.id);
        },
      },
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
        <ul
          aria-label="Products to assign the barcode to"
          className="max-h-48 overflow-y-auto rounded-md border border-border p-1"
        >
          {matches.length === 0 ? (
            <li className="px-3 py-2 text-muted-foreground text-sm">No product matches “{text.trim()}”.</li>
          ) : (
            matches.map((product) => (
              <li key={product.id}>
                <button
                  type="button"
                  disabled={assign.isPending}
                  onClick={() => pick(product)}
                  className="flex min-h-11 w-full cursor-pointer flex-col items-start rounded-sm px-3 py-1.5 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent disabled:opacity-50"
                >
                  <span className="text-foreground">{product.name}</span>
                  <span className="text-muted-foreground text-xs">
                    {product.category}
                    {product.barcode ? ` · replaces ${product.barcode}` : ''}
                  </span>
                </button>
              </li>
            ))
          )}
        </ul>
      ) : null}
      {assign.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{errorMessageForPerson(assign.error)}</AlertDescription>
        </Alert>
      ) : null}
    </section>
  );
}
