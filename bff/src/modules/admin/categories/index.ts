import { Elysia } from 'elysia';
import {
  applyCategoryOrder,
  listAdminCategories,
  lockCategoryOrder,
} from '../../../../../db/src/repositories/admin-categories.ts';
import { recordAudit } from '../../../../../db/src/repositories/audit-log.ts';
import {
  type AdminCategory,
  type CategoriesBody,
  categoriesBodySchema,
  planCategoryOrder,
} from '../../../../../engine/src/admin-category-schemas.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { parseInput } from '../../../http/parse-input.ts';
import { ADMIN_PANEL, refusedWithProblems } from '../admin-access.ts';

/** Saves the whole order (and any renames) at once; the order every count screen shows changes with it. */
function saveCategories(
  db: AppDeps['db'],
  actor: CurrentUser,
  body: CategoriesBody,
): Promise<AdminCategory[]> {
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

export function adminCategoriesModule({ db, auth }: AppDeps) {
  return new Elysia()
    .use(auth)
    .get('/api/admin/categories', (): Promise<AdminCategory[]> => listAdminCategories(db), {
      auth: ADMIN_PANEL,
    })
    .put(
      '/api/admin/categories',
      ({ body, user }): Promise<AdminCategory[]> =>
        saveCategories(db, user, parseInput(categoriesBodySchema, body)),
      { auth: ADMIN_PANEL },
    );
}
