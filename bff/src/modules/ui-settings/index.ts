import { Elysia } from 'elysia';
import { readSetting } from '../../../../db/src/repositories/settings.ts';
import type { UiSettingsResponse } from '../../../../engine/src/ui-settings.ts';
import type { AppDeps } from '../../app-deps.ts';
import { mergeUiStyles } from './merge-ui-styles.ts';

export const UI_STYLES_SETTING = 'ui_styles';

export function uiSettingsModule({ db, auth }: AppDeps) {
  // Readable by every signed-in user: the styles apply to everyone's screen.
  return new Elysia().use(auth).get(
    '/api/admin/ui-settings',
    async (): Promise<UiSettingsResponse> => ({
      styles: mergeUiStyles(await readSetting(db, UI_STYLES_SETTING)),
    }),
    { auth: 'signed-in' },
  );
}
