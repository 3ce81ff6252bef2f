import type { AppDeps } from '@bff/app-deps.ts';
import { readSetting } from '@db/repositories/settings.ts';
import { referenceEndpoints } from '@engine/endpoints/reference-endpoints.ts';
import { mergeUiStyles } from './merge-ui-styles.ts';

export const UI_STYLES_SETTING = 'ui_styles';

export function uiSettingsModule({ db, routes }: AppDeps) {
  // Readable by every signed-in user: the styles apply to everyone's screen.
  return routes().on(referenceEndpoints.uiSettings, async () => ({
    styles: mergeUiStyles(await readSetting(db, UI_STYLES_SETTING)),
  })).app;
}
