import type { Db } from '@db/client.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import { lockCart, touchCart } from '@db/repositories/carts.ts';
import type { Actor } from '@engine/actor.ts';

/** The note that goes with the location's next order. */
export async function updateCartNote(db: Db, actor: Actor, locationId: number, note: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockCart(tx, locationId);
    await touchCart(tx, locationId, { actorId: actor.id, note });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'cart.note',
      entity: 'cart',
      entityId: String(locationId),
      locationId,
      before: { note: before.note },
      after: { note },
    });
  });
}
