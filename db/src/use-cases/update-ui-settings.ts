import type { Db } from '@db/client.ts';
import { lockSetting, writeSetting } from '@db/repositories/admin-settings.ts';
import { recordAudit } from '@db/repositories/audit-log.ts';
import { readSetting } from '@db/repositories/settings.ts';
import type { Actor } from '@engine/actor.ts';
import { changedStyleLabels } from '@engine/admin-ui-style-schemas.ts';
import { refuseChangedSince } from '@engine/changed-meanwhile.ts';
import { mergeUiStyles, UI_STYLES_SETTING } from '@engine/stored-ui-styles.ts';
import type { UiSettingsResponse, UiStyles } from '@engine/ui-settings.ts';

/**
 * Stores the whole styles object under the key the read uses; answers as the read does. With `basedOn` (the styles
 * the editor opened), styles another administrator changed since are refused (409), not put back.
 */
export function updateUiSettings(
  db: Db,
  actor: Actor,
  styles: UiStyles,
  basedOn?: Parameters<typeof changedStyleLabels>[0],
): Promise<UiSettingsResponse> {
  return db.transaction(async (tx) => {
    await lockSetting(tx, UI_STYLES_SETTING);
    const before = mergeUiStyles(await readSetting(tx, UI_STYLES_SETTING));
    if (basedOn) refuseChangedSince('the styles', changedStyleLabels(basedOn, before));
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
