import type { UiSettingsBody } from '@engine/admin-ui-style-schemas.ts';
import { adminEndpoints } from '@engine/endpoints/admin-endpoints.ts';
import type { UiSettingsResponse } from '@engine/ui-settings.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointKeyPrefix } from '@web/lib/api-client.ts';

// The read is GET of the same path (every signed-in user's app reads it), so its keys share the prefix.
const uiSettingsKey = endpointKeyPrefix(adminEndpoints.updateUiSettings);

/** The whole styles object; it applies to everyone's app on their next load. */
export function saveUiSettings(body: UiSettingsBody): Promise<UiSettingsResponse> {
  return call(adminEndpoints.updateUiSettings, { body }, { retries: 0 });
}

export function useSaveUiSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUiSettings,
    onSuccess: (saved) => {
      // The app frame applies the cached styles to <html>: it switches at once, without waiting a minute.
      queryClient.setQueriesData({ queryKey: uiSettingsKey }, saved);
      return queryClient.invalidateQueries({ queryKey: uiSettingsKey });
    },
    // Refused for another administrator's change: read the styles as they are now.
    onError: () => queryClient.invalidateQueries({ queryKey: uiSettingsKey }),
  });
}
