import type { AppDeps } from '@bff/app-deps.ts';
import { readSetting } from '@db/repositories/settings.ts';
import type { UiSettingsResponse } from '@engine/ui-settings.ts';
import { Elysia } from 'elysia';
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
