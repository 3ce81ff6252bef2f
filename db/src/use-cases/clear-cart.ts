import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import { clearCartItems, lockCart, touchCart } from '@db/repositories/carts.ts';
import type { Actor } from '@engine/actor.ts';

/** Clear Shopping List: every line goes and the list is no longer "suggested"; the note stays. */
export async function clearCart(db: Db, actor: Actor, locationId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockCart(tx, locationId);
    const removed = await clearCartItems(tx, locationId);
    await touchCart(tx, locationId, { actorId: actor.id, suggested: false });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'cart.clear',
      entity: 'cart',
      entityId: String(locationId),
      locationId,
      before: { suggested: before.suggested, lineCount: removed },
      after: { suggested: false, lineCount: 0 },
    });
  });
}
