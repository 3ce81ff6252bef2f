import type { Product } from '@engine/api-schemas.ts';
import { MAX_PAR } from '@engine/par-import-rows.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import type { ParEdit } from '@web/features/operations/model/par-edit.ts';
import {
  type ParRowView,
  parRowView,
  type StoredParView,
} from '@web/features/operations/model/par-row-view.ts';
import { type AutosaveSource, useAutosaveSelection } from '@web/lib/autosave/use-autosave-selection.ts';
import { Loader2, Lock, LockOpen } from 'lucide-react';
import { memo } from 'react';
import { LastCountedPart } from './last-counted-part.tsx';
import { ParSettingsDialog, ParSettingsFields, settingsSummary } from './par-settings.tsx';
import { ProductRow } from './product-row.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';
import { sameFields, sameRowProps } from './row-memo.ts';
import { RowStatusBadges } from './row-status-badge.tsx';

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
  const settings = {
    product,
    lifecycle: view.lifecycle,
    stockStatus: view.stockStatus,
    disabled,
    onEdit,
  };
  const summary = settingsSummary(view.lifecycle, view.stockStatus);
  const lock = canManageLocks ? (
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
          onClick={() => toast({ title: 'This PAR is locked', description: view.lockNote ?? undefined })}
          className="inline-flex size-11 cursor-help items-center justify-center rounded-md text-muted-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Lock aria-hidden className="size-4" />
        </button>
      </TooltipTrigger>
      <TooltipContent>{view.lockNote ?? 'This PAR is locked'}</TooltipContent>
    </Tooltip>
  ) : null;
  return (
    <ProductRow
      name={product.name}
      badges={
        <>
          {view.locked ? (
            <Lock aria-label="PAR locked" role="img" className="size-3 text-muted-foreground sm:hidden" />
          ) : null}
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
          {summary ? <span className="sm:hidden"> · {summary}</span> : null}
          <LastCountedPart text={lastCounted} />
          {/* On a phone too: the field of a locked PAR takes no typing, and this line says why. */}
          {view.lockNote ? (
            <span className="flex items-center gap-1 text-foreground/80">
              <Lock aria-hidden className="size-3" />
              {view.lockNote}
            </span>
          ) : null}
        </>
      }
      secondaryHiddenOnPhone
      secondary={<ParSettingsFields {...settings} />}
      controls={
        <div className="flex items-center gap-1 sm:gap-2">
          <span aria-hidden className="hidden text-muted-foreground text-xs sm:inline">
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
          <div className="hidden sm:contents">
            {lock ?? <span aria-hidden className="inline-block size-11" />}
          </div>
          <ParSettingsDialog
            {...settings}
            lock={lock ?? <span className="text-muted-foreground">Not locked</span>}
          />
        </div>
      }
    />
  );
}, sameRowProps);

/**
 * A Set PARs row that follows the outbox on its own (decision 053): the screen hands it the stored view and the
 * outbox, so a keystroke renders this row alone, not the list around it.
 */
export const LiveParRow = memo(function LiveParRow({
  view,
  outbox,
  ...row
}: Omit<Parameters<typeof ParRow>[0], 'view'> & { view: StoredParView; outbox: AutosaveSource<ParEdit> }) {
  const live = useAutosaveSelection(
    outbox,
    (snapshot) => parRowView(view, snapshot.entries.get(row.product.id)),
    sameFields,
  );
  return <ParRow {...row} view={live} />;
}, sameRowProps);
