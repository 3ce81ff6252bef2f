import type { AppDeps } from '@bff/app-deps.ts';
import type { CurrentUser } from '@bff/auth/current-user.ts';
import { parseInput } from '@bff/http/parse-input.ts';
import { ADMIN_PANEL, refusedWithProblems } from '@bff/modules/admin/admin-access.ts';
import {
  applyCategoryOrder,
  listAdminCategories,
  lockCategoryOrder,
} from '@db/repositories/admin-categories.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import {
  type AdminCategory,
  type CategoriesBody,
  categoriesBodySchema,
  planCategoryOrder,
} from '@engine/admin-category-schemas.ts';
import { Elysia } from 'elysia';

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
