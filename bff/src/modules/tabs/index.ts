import type { AppDeps } from '@bff/app-deps.ts';
import { listTabDisplayOrder } from '@db/repositories/tab-display-order.ts';
import { tabDisplayEntrySchema } from '@engine/api-schemas.ts';
import { referenceEndpoints } from '@engine/endpoints/reference-endpoints.ts';

export function tabsModule({ db, routes }: AppDeps) {
  // Every signed-in user reads the whole tree: the header builds its menu from it and hides what the
  // user's permissions do not allow. Tabs carry no data, only names.
  return routes().on(referenceEndpoints.tabDisplayOrder, async () =>
    // Parsed so the stored permission text reaches the client as the engine's permission key.
    (await listTabDisplayOrder(db)).map((row) => tabDisplayEntrySchema.parse(row)),
  ).app;
}
