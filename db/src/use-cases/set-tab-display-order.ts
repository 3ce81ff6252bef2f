import type { Db } from '@db/client.ts';
import { lockTabs, updateTabs } from '@db/repositories/admin-tabs.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import { listTabDisplayOrder } from '@db/repositories/tab-display-order.ts';
import type { Actor } from '@engine/actor.ts';
import { changedTabNames, type TabUpdateEntry, tabTreeProblems } from '@engine/admin-tab-schemas.ts';
import { type TabDisplayEntry, tabDisplayEntrySchema } from '@engine/api-schemas.ts';
import { refuseChangedSince } from '@engine/changed-meanwhile.ts';
import { refusedWithProblems } from './admin-rules.ts';

/**
 * Saves the whole tab tree at once: a partial save could leave a child pointing at a moved parent. With `basedOn`
 * (the tabs the editor opened), tabs another administrator changed since are refused (409), not put back.
 */
export function setTabDisplayOrder(
  db: Db,
  actor: Actor,
  tabs: readonly TabUpdateEntry[],
  basedOn?: Parameters<typeof changedTabNames>[0],
): Promise<TabDisplayEntry[]> {
  return db.transaction(async (tx) => {
    const before = await lockTabs(tx);
    if (basedOn) refuseChangedSince('the tabs', changedTabNames(basedOn, before));
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
