import type { AppDeps } from '@bff/app-deps.ts';
import type { CurrentUser } from '@bff/auth/current-user.ts';
import { parseInput } from '@bff/http/parse-input.ts';
import { ADMIN_PANEL, refusedWithProblems } from '@bff/modules/admin/admin-access.ts';
import type { Db } from '@db/client.ts';
import { lockTabs, updateTabs } from '@db/repositories/admin-tabs.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import { listTabDisplayOrder } from '@db/repositories/tab-display-order.ts';
import { tabDisplayOrderBodySchema, tabTreeProblems } from '@engine/admin-tab-schemas.ts';
import { type TabDisplayEntry, tabDisplayEntrySchema } from '@engine/api-schemas.ts';
import { Elysia } from 'elysia';

/** Saves the whole tab tree at once: a partial save could leave a child pointing at a moved parent. */
function saveTabs(db: Db, actor: CurrentUser, body: unknown): Promise<TabDisplayEntry[]> {
  const { tabs } = parseInput(tabDisplayOrderBodySchema, body);
  return db.transaction(async (tx) => {
    const before = await lockTabs(tx);
    const problems = tabTreeProblems(
      before.map((tab) => tab.id),
      tabs,
    );
    if (problems.length > 0) throw refusedWithProblems(problems);
    await updateTabs(tx, tabs);
    const after = await listTabDisplayOrder(tx);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'tabs.update',
      entity: 'tab_display_order',
      entityId: null,
      locationId: null,
      before: { tabs: before },
      after: { tabs: after },
    });
    return after.map((row) => tabDisplayEntrySchema.parse(row));
  });
}

export function adminTabsModule({ db, auth }: AppDeps) {
  // The read (GET /api/admin/tab-display-order) lives in the tabs module: every signed-in user needs it.
  return new Elysia()
    .use(auth)
    .put(
      '/api/admin/tab-display-order',
      ({ body, user }): Promise<TabDisplayEntry[]> => saveTabs(db, user, body),
      { auth: ADMIN_PANEL },
    );
}
