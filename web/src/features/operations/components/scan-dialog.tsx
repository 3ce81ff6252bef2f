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
import { useCameraScanner } from '@web/features/operations/hooks/use-camera-scanner.ts';
import type { SearchableProduct } from '@web/features/operations/model/match-products.ts';
import {
  readScannedCode,
  type ScannedCode,
  unlistedCodeMessage,
} from '@web/features/operations/model/scanned-code.ts';
import type { FoundCode } from '@web/lib/barcode/code-reader.ts';
import { type RefObject, useMemo, useRef, useState } from 'react';
import { AssignBarcodeOrAsk } from './assign-barcode.tsx';

export interface CataloguedProduct {
  id: number;
  name: string;
  barcode: string | null;
}

type Outcome = Exclude<ScannedCode, { kind: 'found' }>;

export const SCAN_DIALOG_TITLE = 'Scan a barcode';

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
    outcome.kind === 'not-a-product-code'
      ? `${outcome.code || 'That code'} is not a product barcode (GTIN, UPC or EAN). Try again, holding the barcode flat and in the light.`
      : unlistedCodeMessage(outcome);
  return (
    <div className="flex flex-col gap-3">
      <Alert variant={outcome.kind === 'unknown' ? 'warning' : 'default'}>
        <AlertDescription data-testid="scan-outcome">{message}</AlertDescription>
      </Alert>
      {outcome.kind === 'unknown' ? (
        <AssignBarcodeOrAsk
          canAssign={canAssign}
          code={outcome.code}
          products={products}
          onAssigned={onAssigned}
        />
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
