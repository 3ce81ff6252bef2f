import type { AppDeps } from '@bff/app-deps.ts';
import { mapSquareLocation, mapSquareVariation } from '@db/use-cases/map-square.ts';
import { updateSquareSettings } from '@db/use-cases/update-square-settings.ts';
import { squareEndpoints } from '@engine/endpoints/square-endpoints.ts';

/** /admin/square and the on-hand figures beside Nightly Counts (decision 024). */
export function squareModule({ db, routes, square }: AppDeps) {
  return routes()
    .on(squareEndpoints.getSquareOverview, () => square.overview())
    .on(squareEndpoints.testSquareConnection, () => square.test())
    .on(squareEndpoints.syncSquare, ({ user }) => square.sync(user))
    .on(squareEndpoints.mapSquareLocation, async ({ params, body, user }) => {
      await mapSquareLocation(db, user, params.locationId, body.squareLocationId);
      square.forgetFigures();
      return square.overview();
    })
    .on(squareEndpoints.mapSquareVariation, async ({ params, body, user }) => {
      await mapSquareVariation(db, user, params.productId, body.squareVariationId);
      square.forgetFigures();
      return square.overview();
    })
    .on(squareEndpoints.updateSquareSettings, async ({ body, user }) => {
      await updateSquareSettings(db, user, body);
      return square.overview();
    })
    .on(squareEndpoints.getSquareOnHand, ({ query }) => square.onHand(query.locationId)).app;
}
