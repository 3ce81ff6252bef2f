import type { Lifecycle, Product, StockStatus } from '@engine/api-schemas.ts';
import { Button } from '@web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog.tsx';
import { NativeSelect } from '@web/components/ui/native-select.tsx';
import type { ParEdit } from '@web/features/operations/model/par-edit.ts';
import { formatQuantity } from '@web/features/operations/model/quantity-text.ts';
import { cn } from '@web/lib/cn.ts';
import { LIFECYCLE_LABELS, STOCK_STATUS_LABELS } from '@web/lib/product-labels.ts';
import { SlidersHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';

// Built once: every row of a long list shows the same choices.
const LIFECYCLE_OPTIONS = Object.entries(LIFECYCLE_LABELS).map(([value, label]) => (
  <option key={value} value={value}>
    {label}
  </option>
));
const STOCK_STATUS_OPTIONS = Object.entries(STOCK_STATUS_LABELS).map(([value, label]) => (
  <option key={value} value={value}>
    {label}
  </option>
));

interface SettingsProps {
  product: Product;
  lifecycle: Lifecycle | null;
  stockStatus: StockStatus | null;
  disabled: boolean;
  onEdit: (productId: number, edit: ParEdit) => void;
}

/** Lifecycle, stock status and the maximum stock of one product: beside the PAR on wide screens. */
export function ParSettingsFields({
  product,
  lifecycle,
  stockStatus,
  disabled,
  onEdit,
  labelled = false,
}: SettingsProps & { labelled?: boolean }) {
  return (
    <div className={cn('flex items-center gap-2', labelled && 'flex-col items-stretch gap-4')}>
      <Field label={labelled ? 'Lifecycle' : null}>
        <NativeSelect
          aria-label={`Lifecycle of ${product.name}`}
          value={lifecycle}
          placeholder="–"
          disabled={disabled}
          onChange={(event) => onEdit(product.id, { lifecycle: event.currentTarget.value as Lifecycle })}
          className={labelled ? 'w-full' : 'w-[8.5rem]'}
        >
          {LIFECYCLE_OPTIONS}
        </NativeSelect>
      </Field>
      <Field label={labelled ? 'Stock status' : null}>
        <NativeSelect
          aria-label={`Stock status of ${product.name}`}
          value={stockStatus}
          placeholder="–"
          disabled={disabled}
          onChange={(event) => onEdit(product.id, { stockStatus: event.currentTarget.value as StockStatus })}
          className={labelled ? 'w-full' : 'w-[6.75rem]'}
        >
          {STOCK_STATUS_OPTIONS}
        </NativeSelect>
      </Field>
      {labelled ? (
        <p className="text-muted-foreground text-sm">
          Maximum stock: <span className="text-foreground tabular-nums">{maximumText(product)}</span>
        </p>
      ) : (
        <p className="w-12 text-center text-muted-foreground text-xs leading-tight">
          Max
          <br />
          <span className="text-foreground text-sm tabular-nums">{maximumText(product)}</span>
        </p>
      )}
    </div>
  );
}

/**
 * On a phone a Set PARs row keeps one line — the name, the PAR and this button — so seven or more rows fit on
 * screen; lifecycle, stock status, the maximum and the lock move into this dialog, and the row's details line
 * says what they are.
 */
export function ParSettingsDialog({ lock, ...props }: SettingsProps & { lock: ReactNode }) {
  const { product } = props;
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`Lifecycle, stock status and lock of ${product.name}`}
          className="text-muted-foreground sm:hidden"
        >
          <SlidersHorizontal aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader className="text-left">
          <DialogTitle className="pr-10 leading-snug">{product.name}</DialogTitle>
          <DialogDescription>{product.unit}</DialogDescription>
        </DialogHeader>
        <ParSettingsFields {...props} labelled />
        <div className="flex items-center justify-between gap-3 border-t pt-3 text-sm">
          <span>PAR lock</span>
          {lock}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** "Active · In stock", for the details line of a phone row; nothing while the inventory is not read. */
export function settingsSummary(lifecycle: Lifecycle | null, stockStatus: StockStatus | null): string {
  return [lifecycle && LIFECYCLE_LABELS[lifecycle], stockStatus && STOCK_STATUS_LABELS[stockStatus]]
    .filter(Boolean)
    .join(' · ');
}

function Field({ label, children }: { label: string | null; children: ReactNode }) {
  if (!label) return <>{children}</>;
  return (
    // The select's own aria-label names it; the visible label is for the eye.
    <div className="flex flex-col gap-1.5">
      <span aria-hidden className="font-medium text-sm">
        {label}
      </span>
      {children}
    </div>
  );
}

function maximumText(product: Product): string {
  return product.maximumStockQuantity === null ? '—' : formatQuantity(product.maximumStockQuantity);
}
