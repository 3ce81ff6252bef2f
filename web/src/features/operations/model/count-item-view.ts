import { applyCountEdit, type StoredCountItem } from '@engine/count-item-edit.ts';
import type { OutboxEntry } from '@web/lib/autosave/outbox-state.ts';

/** A count row as typed: the count field and the confirm box together (the API's unit of an edit). */
export interface CountValue {
  count: number | null;
  confirmed: boolean;
}

export function isCountValue(value: unknown): value is CountValue {
  if (typeof value !== 'object' || value === null) return false;
  const { count, confirmed } = value as Record<string, unknown>;
  return (
    (count === null || (typeof count === 'number' && Number.isFinite(count))) &&
    typeof confirmed === 'boolean'
  );
}

export interface CountItemView {
  count: number | null;
  confirmed: boolean;
  editedAfterConfirm: boolean;
  /** Typed here and not stored yet. */
  unsaved: boolean;
  /** The server refused the typed value; its message. */
  refused: string | null;
}

/**
 * What a count row shows: the server's stored item, or the unsaved edit applied to it by the engine's own
 * rule, so the row already shows "edited after confirmation" the way the server will store it.
 */
export function countItemView(
  stored: StoredCountItem,
  waiting: OutboxEntry<CountValue> | undefined,
): CountItemView {
  if (!waiting) {
    const { count, confirmed, editedAfterConfirm } = stored;
    return { count, confirmed, editedAfterConfirm, unsaved: false, refused: null };
  }
  const outcome = applyCountEdit(stored, {
    productId: waiting.itemId,
    ...waiting.value,
    typedAt: waiting.typedAt,
  });
  return { ...outcome, unsaved: true, refused: waiting.refused ?? null };
}

/** Whether two views show the same: a row whose view did not change need not render again. */
export function sameCountItemView(a: CountItemView, b: CountItemView): boolean {
  return (
    a.count === b.count &&
    a.confirmed === b.confirmed &&
    a.editedAfterConfirm === b.editedAfterConfirm &&
    a.unsaved === b.unsaved &&
    a.refused === b.refused
  );
}

/**
 * The edit a row sends. Typing a count never confirms it (the server then marks a confirmed item as edited
 * after confirmation); ticking the box confirms the count on screen, unticking a confirmed one unconfirms it.
 */
export function countEditFor(
  view: CountItemView,
  change: { count: number | null } | { confirm: boolean },
): CountValue {
  if ('count' in change) return { count: change.count, confirmed: false };
  return { count: view.count, confirmed: change.confirm };
}

/**
 * Enter in a count field confirms the number in it (the keyboard path: type, Enter, next product). An empty
 * field or a number already confirmed as it stands sends nothing, so walking through a finished count with
 * Enter changes nothing (and does not reopen a completed count, decision 021).
 */
export function confirmOnEnter(
  view: Pick<CountItemView, 'count' | 'confirmed' | 'editedAfterConfirm'>,
  count: number | null,
): CountValue | null {
  if (count === null) return null;
  if (view.count === count && view.confirmed && !view.editedAfterConfirm) return null;
  return { count, confirmed: true };
}
