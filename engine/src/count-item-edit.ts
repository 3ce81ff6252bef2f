/**
 * How a typed edit lands on a stored count item. Several devices count one location, some of them offline
 * for a while, so edits arrive late and out of order: the value typed last wins, whatever arrives last.
 * The database applies the same rules in one statement (db/src/repositories/count-items.ts); a test runs
 * both over every case so they cannot drift apart.
 */

export interface StoredCountItem {
  count: number | null;
  confirmed: boolean;
  editedAfterConfirm: boolean;
  /** When the stored value was typed; null when unknown, which any typed edit beats. */
  typedAt: string | null;
}

export interface TypedCountEdit {
  productId: number;
  count: number | null;
  confirmed: boolean;
  typedAt: string;
}

export interface CountItemOutcome {
  count: number | null;
  confirmed: boolean;
  editedAfterConfirm: boolean;
}

/**
 * An edit is stored only when typed strictly after the stored value and after the last "Clear all counts"
 * (`clearedAt`). An equal time is a replay of the stored edit, not a newer one.
 */
export function isNewerEdit(
  typedAt: string,
  stored: string | null,
  clearedAt: string | null = null,
): boolean {
  const typed = Date.parse(typedAt);
  if (clearedAt !== null && typed <= Date.parse(clearedAt)) return false;
  return stored === null || typed > Date.parse(stored);
}

/**
 * The item after an edit that is newer than the stored one.
 *
 * - Confirming (confirmed: true) confirms the item and clears "edited after confirmation".
 * - Changing the count of a confirmed item without confirming again keeps it confirmed but marks it edited
 *   after confirmation, so completing the count asks for re-confirmation (requirements §4–§5). Only confirming
 *   clears that mark: resending the same unconfirmed state does not.
 * - Unchecking a confirmed item whose count did not change unconfirms it.
 */
export function applyCountEdit(stored: StoredCountItem | null, edit: TypedCountEdit): CountItemOutcome {
  if (edit.confirmed) return { count: edit.count, confirmed: true, editedAfterConfirm: false };
  const needsReconfirmation =
    stored?.confirmed === true && (stored.editedAfterConfirm || stored.count !== edit.count);
  return needsReconfirmation
    ? { count: edit.count, confirmed: true, editedAfterConfirm: true }
    : { count: edit.count, confirmed: false, editedAfterConfirm: false };
}

/**
 * One edit per product: the latest typed, and of equal times the one sent later. A client that queued
 * several edits of one item while offline may send them all in one batch.
 */
export function latestEditPerProduct<T extends { productId: number; typedAt: string }>(
  edits: readonly T[],
): T[] {
  const latest = new Map<number, T>();
  for (const edit of edits) {
    const kept = latest.get(edit.productId);
    if (!kept || Date.parse(edit.typedAt) >= Date.parse(kept.typedAt)) latest.set(edit.productId, edit);
  }
  return [...latest.values()];
}
