import type { UiSettingsBody } from '@engine/admin-ui-style-schemas.ts';
import { referenceEndpoints } from '@engine/endpoints/reference-endpoints.ts';
import { type UiSettingsResponse, uiSettingsResponseSchema } from '@engine/ui-settings.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uiSettingsQueryKey } from '@web/lib/shared-reads/ui-settings.ts';
import { sendParsed } from './send-parsed.ts';

/** PUT /api/admin/ui-settings: the whole styles object; it applies to everyone's app on their next load. */
export function saveUiSettings(body: UiSettingsBody): Promise<UiSettingsResponse> {
  return sendParsed('PUT', referenceEndpoints.uiSettings.path, body, uiSettingsResponseSchema);
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
