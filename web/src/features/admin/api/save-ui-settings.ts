import type { UiSettingsBody } from '@engine/admin-ui-style-schemas.ts';
import { type UiSettingsResponse, uiSettingsResponseSchema } from '@engine/ui-settings.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UI_SETTINGS_URL, uiSettingsQueryKey } from '@web/lib/queries/ui-settings.ts';
import { sendParsed } from './send-parsed.ts';

/** PUT /api/admin/ui-settings: the whole styles object; it applies to everyone's app on their next load. */
export function saveUiSettings(body: UiSettingsBody): Promise<UiSettingsResponse> {
  return sendParsed('PUT', UI_SETTINGS_URL, body, uiSettingsResponseSchema);
}

export function useSaveUiSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUiSettings,
    onSuccess: (saved) => {
      // The app frame applies the cached styles to <html>: it switches at once, without waiting a minute.
      queryClient.setQueryData(uiSettingsQueryKey, saved);
      return queryClient.invalidateQueries({ queryKey: uiSettingsQueryKey });
    },
  });
}
