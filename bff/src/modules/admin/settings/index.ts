import type { AppDeps } from '@bff/app-deps.ts';
import { listTasks } from '@db/repositories/tasks.ts';
import { createTask } from '@db/use-cases/create-task.ts';
import { setTabDisplayOrder } from '@db/use-cases/set-tab-display-order.ts';
import { updateTask } from '@db/use-cases/update-task.ts';
import { updateUiSettings } from '@db/use-cases/update-ui-settings.ts';
import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';

/**
 * How the app looks and what cafés do: the tab tree, the UI styles and recurring tasks. The reads of the
 * tab tree and the styles are every signed-in user's, so they are declared with the reference reads.
 */
export function adminSettingsModule({ db, routes }: AppDeps, now: () => Date) {
  return routes()
    .on(adminEndpoints.setTabDisplayOrder, ({ body, user }) =>
      setTabDisplayOrder(db, user, body.tabs, body.basedOn),
    )
    .on(adminEndpoints.updateUiSettings, ({ body, user }) =>
      updateUiSettings(db, user, body.styles, body.basedOn),
    )
    .on(adminEndpoints.listTasks, () => listTasks(db))
    .on(adminEndpoints.createTask, ({ body, user }) => createTask(db, user, body, now()))
    .on(adminEndpoints.updateTask, ({ params, body, user }) => updateTask(db, user, params.id, body, now()))
    .app;
}
