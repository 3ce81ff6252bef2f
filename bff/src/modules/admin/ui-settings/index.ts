import type { AppDeps } from '@bff/app-deps.ts';
import type { CurrentUser } from '@bff/auth/current-user.ts';
import { parseInput } from '@bff/http/parse-input.ts';
import { ADMIN_PANEL } from '@bff/modules/admin/admin-access.ts';
import { UI_STYLES_SETTING } from '@bff/modules/ui-settings/index.ts';
import { mergeUiStyles } from '@bff/modules/ui-settings/merge-ui-styles.ts';
import type { Db } from '@db/client.ts';
import { writeSetting } from '@db/repositories/admin-settings.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import { readSetting } from '@db/repositories/settings.ts';
import { uiSettingsBodySchema } from '@engine/admin-ui-style-schemas.ts';
import type { UiSettingsResponse } from '@engine/ui-settings.ts';
import { Elysia } from 'elysia';

/** Stores the whole styles object under the key the read uses; answers as the read does. */
async function saveUiStyles(db: Db, actor: CurrentUser, body: unknown): Promise<UiSettingsResponse> {
  const { styles } = parseInput(uiSettingsBodySchema, body);
  return db.transaction(async (tx) => {
    const before = mergeUiStyles(await readSetting(tx, UI_STYLES_SETTING));
    await writeSetting(tx, UI_STYLES_SETTING, styles, actor.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'settings.ui_styles',
      entity: 'setting',
      entityId: UI_STYLES_SETTING,
      locationId: null,
      before,
      after: styles,
    });
    return { styles: mergeUiStyles(await readSetting(tx, UI_STYLES_SETTING)) };
  });
}

export function adminUiSettingsModule({ db, auth }: AppDeps) {
  // The read (GET /api/admin/ui-settings) lives in the ui-settings module: every signed-in user needs it.
  return new Elysia()
    .use(auth)
    .put(
      '/api/admin/ui-settings',
      ({ body, user }): Promise<UiSettingsResponse> => saveUiStyles(db, user, body),
      { auth: ADMIN_PANEL },
    );
}
