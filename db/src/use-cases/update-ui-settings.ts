import type { Db } from '@db/client.ts';
import { writeSetting } from '@db/repositories/admin-settings.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import { readSetting } from '@db/repositories/settings.ts';
import type { Actor } from '@engine/actor.ts';
import { mergeUiStyles, UI_STYLES_SETTING } from '@engine/stored-ui-styles.ts';
import type { UiSettingsResponse, UiStyles } from '@engine/ui-settings.ts';

/** Stores the whole styles object under the key the read uses; answers as the read does. */
export function updateUiSettings(db: Db, actor: Actor, styles: UiStyles): Promise<UiSettingsResponse> {
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
