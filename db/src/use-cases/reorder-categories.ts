import type { Db } from '@db/client.ts';
import {
  applyCategoryOrder,
  listAdminCategories,
  lockCategoryOrder,
} from '@db/repositories/admin-categories.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import type { Actor } from '@engine/actor.ts';
import {
  type AdminCategory,
  type CategoriesBody,
  planCategoryOrder,
} from '@engine/admin-category-schemas.ts';
import { refusedWithProblems } from './admin-rules.ts';

/** Saves the whole order (and any renames) at once; the order every count screen shows changes with it. */
export function reorderCategories(db: Db, actor: Actor, body: CategoriesBody): Promise<AdminCategory[]> {
  return db.transaction(async (tx) => {
    await lockCategoryOrder(tx);
    const before = await listAdminCategories(tx);
    const plan = planCategoryOrder(
      before.map((c) => c.category),
      body,
    );
    if (!plan.ok) throw refusedWithProblems(plan.problems);
    await applyCategoryOrder(tx, plan.changes);
    const after = await listAdminCategories(tx);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'category.reorder',
      entity: 'category',
      entityId: null,
      locationId: null,
      before: { categories: before.map(({ category, displayOrder }) => ({ category, displayOrder })) },
      after: { categories: plan.changes },
    });
    return after;
  });
}
