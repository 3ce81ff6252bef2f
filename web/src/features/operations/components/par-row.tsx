import type { Lifecycle, Product, StockStatus } from '@engine/api-schemas.ts';
import { MAX_PAR } from '@engine/par-import-rows.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import {
  LIFECYCLE_LABELS,
  type ParEdit,
  STOCK_STATUS_LABELS,
} from '@web/features/operations/model/par-edit.ts';
import { formatQuantity } from '@web/features/operations/model/quantity-text.ts';
import { Loader2, Lock, LockOpen } from 'lucide-react';
import { memo } from 'react';
import { ProductRow } from './product-row.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';
import { sameRowProps } from './row-memo.ts';
import { RowStatusBadges } from './row-status-badge.tsx';

/** `null` while the café's inventory is not read: the row shows nothing rather than a default. */
export interface ParRowView {
  par: number | null;
  lifecycle: Lifecycle | null;
  stockStatus: StockStatus | null;
  backordered: boolean;
  locked: boolean;
  /** "Locked by Dana Whitfield · 2025-03-01 10:30", for everyone to see why the PAR is read-only. */
  lockNote: string | null;
  unsaved: boolean;
  refused: string | null;
}

/**
 * A Set PARs row (requirements §2): lifecycle, stock status, the maximum stock, the PAR with − and +, and the lock
 * toggle for people who manage PAR locks. For everyone else a locked PAR is read-only and says who locked it.
 */
export const ParRow = memo(function ParRow({
  product,
  view,
  lastCounted,
  focusIndex,
  disabled,
  canManageLocks,
  lockBusy,
  onEdit,
  onToggleLock,
}: {
  product: Product;
  view: ParRowView;
  lastCounted: string;
  focusIndex: number;
  disabled: boolean;
  canManageLocks: boolean;
  lockBusy: boolean;
  onEdit: (productId: number, edit: ParEdit) => void;
  onToggleLock: (productId: number, locked: boolean) => void;
}) {
  const readOnly = view.locked && !canManageLocks;
  return (
    <ProductRow
      name={product.name}
      badges={
        <>
          {view.backordered ? (
            <Badge variant="outline" className="border-warning/50 text-foreground">
              Backordered
            </Badge>
          ) : null}
          <RowStatusBadges unsaved={view.unsaved} refused={view.refused} />
        </>
      }
      details={
        <>
          {product.unit}
          {lastCounted ? <> · {lastCounted}</> : null}
          {view.lockNote ? (
            <span className="flex items-center gap-1 text-foreground/80">
              <Lock aria-hidden className="size-3" />
              {view.lockNote}
            </span>
          ) : null}
        </>
      }
      secondary={
        <div className="flex items-center gap-2">
          <Select
            value={view.lifecycle ?? ''}
            disabled={disabled}
            onValueChange={(lifecycle) => onEdit(product.id, { lifecycle: lifecycle as Lifecycle })}
          >
            <SelectTrigger aria-label={`Lifecycle of ${product.name}`} className="w-[8.5rem]">
              <SelectValue placeholder="–" />
            </SelectTrigger>
            <SelectContent>
              {Object.entries(LIFECYCLE_LABELS).map(([value, label]) => (
                <SelectItem key={value} value={value}>
                  {label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select
            value={view.stockStatus ?? ''}
            disabled={disabled}
            onValueChange={(stockStatus) => onEdit(product.id, { stockStatus: stockStatus as StockStatus })}
          >
            <SelectTrigger aria-label={`Stock status of ${product.name}`} className="w-[6.75rem]">
              <SelectValue placeholder="–" />
            </SelectTrigger>
            <SelectContent>
              {Object.entries(STOCK_STATUS_LABELS).map(([value, label]) => (
                <SelectItem key={value} value={value}>
                  {label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <p className="w-12 text-center text-muted-foreground text-xs leading-tight">
            Max
            <br />
            <span className="text-foreground text-sm tabular-nums">
              {product.maximumStockQuantity === null ? '—' : formatQuantity(product.maximumStockQuantity)}
            </span>
          </p>
        </div>
      }
      controls={
        <div className="flex items-center gap-2">
          <span aria-hidden className="text-muted-foreground text-xs">
            PAR
          </span>
          <QuantityStepper
            label={`PAR of ${product.name}`}
            value={view.par}
            max={MAX_PAR}
            focusIndex={focusIndex}
            readOnly={readOnly}
            disabled={disabled}
            compact
            onChange={(par) => onEdit(product.id, { par: par ?? 0 })}
          />
          {canManageLocks ? (
            <Tooltip>
              <TooltipTrigger asChild>
                <Button
                  type="button"
                  variant={view.locked ? 'secondary' : 'ghost'}
                  size="icon"
                  aria-label={`Lock PAR of ${product.name}`}
                  aria-pressed={view.locked}
                  disabled={disabled || lockBusy}
                  onClick={() => onToggleLock(product.id, !view.locked)}
                  className={view.locked ? 'text-foreground' : 'text-muted-foreground'}
                >
                  {lockBusy ? (
                    <Loader2 aria-hidden className="animate-spin" />
                  ) : view.locked ? (
                    <Lock aria-hidden />
                  ) : (
                    <LockOpen aria-hidden />
                  )}
                </Button>
              </TooltipTrigger>
              <TooltipContent>
                {view.lockNote ?? 'Lock this PAR so only PAR-lock managers can change it'}
              </TooltipContent>
            </Tooltip>
          ) : view.locked ? (
            <Tooltip>
              <TooltipTrigger asChild>
                <button
                  type="button"
                  aria-label={`PAR locked. ${view.lockNote ?? ''}`.trim()}
                  onClick={() =>
                    toast({ title: 'This PAR is locked', description: view.lockNote ?? undefined })
                  }
                  className="inline-flex size-11 cursor-help items-center justify-center rounded-md text-muted-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <Lock aria-hidden className="size-4" />
                </button>
              </TooltipTrigger>
              <TooltipContent>{view.lockNote ?? 'This PAR is locked'}</TooltipContent>
            </Tooltip>
          ) : (
            <span aria-hidden className="hidden size-11 sm:inline-block" />
          )}
        </div>
      }
    />
  );
}, sameRowProps);
