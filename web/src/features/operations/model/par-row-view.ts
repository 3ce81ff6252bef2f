import type { Lifecycle, StockStatus } from '@engine/api-schemas.ts';
import type { OutboxEntry } from '@web/lib/autosave/outbox-state.ts';
import type { ParEdit } from './par-edit.ts';

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

/** What the café has stored for a product's PAR, before the person's unsaved edit. */
export type StoredParView = Omit<ParRowView, 'unsaved' | 'refused'>;

/** A row while the café's inventory is not read: no PAR, lifecycle or status is made up. */
export const UNREAD_PAR: StoredParView = {
  par: null,
  lifecycle: null,
  stockStatus: null,
  backordered: false,
  locked: false,
  lockNote: null,
};

/**
 * A Set PARs row as the person sees it: the stored settings with their unsaved edit over them. Without the
 * café's inventory (no PAR known) no edit is shown over the blanks, only that one is waiting.
 */
export function parRowView(stored: StoredParView, waiting: OutboxEntry<ParEdit> | undefined): ParRowView {
  const edit = stored.par === null ? undefined : waiting?.value;
  return {
    ...stored,
    par: edit?.par ?? stored.par,
    lifecycle: edit?.lifecycle ?? stored.lifecycle,
    stockStatus: edit?.stockStatus ?? stored.stockStatus,
    unsaved: waiting !== undefined,
    refused: waiting?.refused ?? null,
  };
}
