import { referenceEndpoints } from '@engine/endpoints/reference-endpoints.ts';
import type { UiSettingsRead, UiStyles } from '@engine/ui-settings.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, endpointQueryKey } from '@web/lib/api-client.ts';
import { applyUiStyles, mergeUiStyles } from '@web/lib/ui-settings-css.ts';
import { useEffect, useMemo } from 'react';
import { useAuth } from './auth-user.ts';

const endpoint = referenceEndpoints.uiSettings;

export const uiSettingsQueryKey = endpointQueryKey(endpoint);

/** Requirements §9: UI settings are cached for one minute and never retried; the defaults cover a failure. */
export const UI_SETTINGS_CACHE_MS = 60_000;

export async function fetchUiSettings(signal?: AbortSignal): Promise<UiSettingsRead> {
  try {
    return await call(endpoint, {}, { signal, retries: 0 });
  } catch (error) {
    // A read the query cancelled (a refetch replacing it, the screen leaving) has not failed.
    if (!signal?.aborted) console.error('Failed to fetch UI settings', error);
    throw error;
  }
}

export const uiSettingsQueryOptions = () =>
  queryOptions({
    queryKey: uiSettingsQueryKey,
    queryFn: ({ signal }) => fetchUiSettings(signal),
    staleTime: UI_SETTINGS_CACHE_MS,
    gcTime: UI_SETTINGS_CACHE_MS,
    retry: false,
  });

/** The styles to render with: the saved ones over the defaults, or the defaults alone until (or unless) they load. */
export function useUiStyles(): UiStyles {
  const { isAuthenticated } = useAuth();
  const query = useQuery({ ...uiSettingsQueryOptions(), enabled: isAuthenticated });
  const styles = query.data?.styles;
  return useMemo(() => mergeUiStyles(styles), [styles]);
}

/** Writes the current styles as CSS variables on <html>; mount once near the root. */
export function useApplyUiStyles(): UiStyles {
  const styles = useUiStyles();
  useEffect(() => {
    applyUiStyles(styles);
    // The browser's bar (and the installed app's status bar) wears the saved primary colour too.
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', styles.buttons.primaryBackground);
  }, [styles]);
  return styles;
}
