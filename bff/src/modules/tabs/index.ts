import type { AppDeps } from '@bff/app-deps.ts';
import { listTabDisplayOrder } from '@db/repositories/tab-display-order.ts';
import { type TabDisplayEntry, tabDisplayEntrySchema } from '@engine/api-schemas.ts';
import { Elysia } from 'elysia';

export function tabsModule({ db, auth }: AppDeps) {
  // Every signed-in user reads the whole tree: the header builds its menu from it and hides what the
  // user's permissions do not allow. Tabs carry no data, only names.
  return new Elysia()
    .use(auth)
    .get(
      '/api/admin/tab-display-order',
      async (): Promise<TabDisplayEntry[]> =>
        (await listTabDisplayOrder(db)).map((row) => tabDisplayEntrySchema.parse(row)),
      { auth: 'signed-in' },
    );
}
