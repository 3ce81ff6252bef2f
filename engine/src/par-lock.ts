/**
 * A locked PAR changes only for people with par_lock_management (product decision). A batch that would
 * change one without it is refused as a whole, so a manager never half-applies a list of PARs.
 */

export interface StoredParLock {
  productId: number;
  par: number;
  parLocked: boolean;
}

/**
 * The products of `changes` whose PAR is locked and would change. Sending a locked PAR's current value is
 * not a change (an import may list every product), and lifecycle or stock status changes are not PAR changes.
 */
export function lockedParChanges(
  changes: readonly { productId: number; par?: number }[],
  stored: readonly StoredParLock[],
  mayChangeLockedPars: boolean,
): number[] {
  if (mayChangeLockedPars) return [];
  const byProduct = new Map(stored.map((row) => [row.productId, row]));
  return changes
    .filter((change) => {
      const current = byProduct.get(change.productId);
      return change.par !== undefined && current?.parLocked === true && current.par !== change.par;
    })
    .map((change) => change.productId);
}
