import { Elysia } from 'elysia';
import type { Db } from '../../../../../db/src/client.ts';
import { writeSetting } from '../../../../../db/src/repositories/admin-settings.ts';
import { recordAudit } from '../../../../../db/src/repositories/audit-log.ts';
import { readSetting } from '../../../../../db/src/repositories/settings.ts';
import { uiSettingsBodySchema } from '../../../../../engine/src/admin-ui-style-schemas.ts';
import type { UiSettingsResponse } from '../../../../../engine/src/ui-settings.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { parseInput } from '../../../http/parse-input.ts';
import { UI_STYLES_SETTING } from '../../ui-settings/index.ts';
import { mergeUiStyles } from '../../ui-settings/merge-ui-styles.ts';
import { ADMIN_PANEL } from '../admin-access.ts';

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
