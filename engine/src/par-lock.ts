import type { Lifecycle } from './api-schemas.ts';
import { lifecycleMoveTouchesLock } from './inventory-management.ts';

/**
 * A locked PAR changes only for people with par_lock_management (product decision). A batch that would
 * change one without it is refused as a whole, so a manager never half-applies a list of PARs.
 */

export interface StoredParLock {
  productId: number;
  par: number;
  parLocked: boolean;
  lifecycle?: Lifecycle;
}

/**
 * The products of `changes` whose PAR is locked and would change. Sending a locked PAR's current value is
 * not a change (an import may list every product), and stock status changes are not PAR changes. Of the
 * lifecycle moves only discontinuing and bringing back count, as they set the PAR aside or bring it back
 * (decision 028).
 */
export function lockedParChanges(
  changes: readonly { productId: number; par?: number; lifecycle?: Lifecycle }[],
  stored: readonly StoredParLock[],
  mayChangeLockedPars: boolean,
): number[] {
  if (mayChangeLockedPars) return [];
  const byProduct = new Map(stored.map((row) => [row.productId, row]));
  return changes
    .filter((change) => {
      const current = byProduct.get(change.productId);
      if (current?.parLocked !== true) return false;
      const parMoves = change.par !== undefined && current.par !== change.par;
      const lifecycleMoves =
        change.lifecycle !== undefined &&
        current.lifecycle !== undefined &&
        lifecycleMoveTouchesLock(current.lifecycle, change.lifecycle);
      return parMoves || lifecycleMoves;
    })
    .map((change) => change.productId);
}
