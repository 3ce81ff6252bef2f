import type { AppDeps } from '@bff/app-deps.ts';
import type { AccessRule, CurrentUser } from '@bff/auth/current-user.ts';
import { assertLocationInScope } from '@bff/auth/location-scope.ts';
import { parseInput } from '@bff/http/parse-input.ts';
import { locationIdSchema } from '@engine/api-schemas.ts';
import { type Cart, cartItemsBodySchema, cartNoteBodySchema } from '@engine/cart-schemas.ts';
import { Elysia } from 'elysia';
import { clearCart, saveCartItems, saveCartNote } from './cart-writes.ts';
import { loadCart } from './load-cart.ts';
import { suggestCart } from './suggest-cart.ts';

const SHOPPING_LIST = { anyOf: ['submit_orders'], to: 'build shopping lists' } as const satisfies AccessRule;

/*
 * Spec §6: View Cart needs no permission, so reading a location's cart needs only the location in the user's
 * scope (staff see what will be ordered for their café, read-only). Every change needs submit_orders.
 */
const READ_CART: AccessRule = 'signed-in';

/** Shopping List and View Cart: the location in the user's scope; changes also need submit_orders. */
export function cartModule({ db, auth }: AppDeps) {
  const scopedLocation = async (user: CurrentUser, raw: string) => {
    const locationId = parseInput(locationIdSchema, raw);
    await assertLocationInScope(db, user, locationId);
    return locationId;
  };

  return new Elysia()
    .use(auth)
    .get(
      '/api/cart/:locationId',
      async ({ params, user }): Promise<Cart> => loadCart(db, await scopedLocation(user, params.locationId)),
      { auth: READ_CART },
    )
    .post(
      '/api/cart/:locationId/suggest',
      async ({ params, user }): Promise<Cart> => {
        const locationId = await scopedLocation(user, params.locationId);
        await suggestCart(db, user.id, locationId);
        return loadCart(db, locationId);
      },
      { auth: SHOPPING_LIST },
    )
    .put(
      '/api/cart/:locationId/items',
      async ({ params, body, user }): Promise<Cart> => {
        const { items } = parseInput(cartItemsBodySchema, body);
        const locationId = await scopedLocation(user, params.locationId);
        await saveCartItems(db, user.id, locationId, items);
        return loadCart(db, locationId);
      },
      { auth: SHOPPING_LIST },
    )
    .put(
      '/api/cart/:locationId/note',
      async ({ params, body, user }): Promise<Cart> => {
        const { note } = parseInput(cartNoteBodySchema, body);
        const locationId = await scopedLocation(user, params.locationId);
        await saveCartNote(db, user.id, locationId, note);
        return loadCart(db, locationId);
      },
      { auth: SHOPPING_LIST },
    )
    .delete(
      '/api/cart/:locationId',
      async ({ params, user }): Promise<Cart> => {
        const locationId = await scopedLocation(user, params.locationId);
        await clearCart(db, user.id, locationId);
        return loadCart(db, locationId);
      },
      { auth: SHOPPING_LIST },
    );
}
