import type { AppDeps } from '@bff/app-deps.ts';
import { clearCart } from '@db/use-cases/clear-cart.ts';
import { editCartItems } from '@db/use-cases/edit-cart-items.ts';
import { suggestCart } from '@db/use-cases/suggest-cart.ts';
import { updateCartNote } from '@db/use-cases/update-cart-note.ts';
import { orderingEndpoints as api } from '@engine/endpoints/ordering-endpoints.ts';
import { loadCart } from './load-cart.ts';

/** Shopping List and View Cart: every answer is the location's cart as it now stands. */
export function cartModule({ db, routes }: AppDeps) {
  return routes()
    .on(api.getCart, ({ params }) => loadCart(db, params.locationId))
    .on(api.suggestCart, async ({ params, query, user }) => {
      await suggestCart(db, user, params.locationId, { again: query.again === 'true' });
      return loadCart(db, params.locationId);
    })
    .on(api.saveCartItems, async ({ params, body, user }) => {
      await editCartItems(db, user, params.locationId, body.items);
      return loadCart(db, params.locationId);
    })
    .on(api.saveCartNote, async ({ params, body, user }) => {
      await updateCartNote(db, user, params.locationId, body.note);
      return loadCart(db, params.locationId);
    })
    .on(api.clearCart, async ({ params, user }) => {
      await clearCart(db, user, params.locationId);
      return loadCart(db, params.locationId);
    }).app;
}
