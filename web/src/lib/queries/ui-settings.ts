import { type UiStyles, uiStylesSchema } from '@engine/ui-settings.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed } from '@web/lib/query-client.ts';
import { applyUiStyles, mergeUiStyles } from '@web/lib/ui-settings-css.ts';
import { useEffect, useMemo } from 'react';
import { z } from 'zod';
import { useAuth } from './auth-user.ts';

export const UI_SETTINGS_URL = '/api/admin/ui-settings';
export const uiSettingsQueryKey = [UI_SETTINGS_URL] as const;

/** Spec §9: UI settings are cached for one minute and never retried; the defaults cover a failure. */
export const UI_SETTINGS_CACHE_MS = 60_000;

/** Saved settings may predate a newer field, so each section is partial and merged over the defaults. */
const { shape } = uiStylesSchema;
const uiSettingsAnswerSchema = z.object({
  styles: z
    .object({
      borders: shape.borders.partial().optional(),
      typography: shape.typography.partial().optional(),
      spacing: shape.spacing.partial().optional(),
      boxes: shape.boxes.partial().optional(),
      components: shape.components.partial().optional(),
      buttons: shape.buttons.partial().optional(),
    })
    .nullish(),
});

export type UiSettingsAnswer = z.infer<typeof uiSettingsAnswerSchema>;

export async function fetchUiSettings(signal?: AbortSignal): Promise<UiSettingsAnswer> {
  try {
    return await getParsed(UI_SETTINGS_URL, uiSettingsAnswerSchema, { signal });
  } catch (error) {
    console.error('Failed to fetch UI settings', error);
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
  }, [styles]);
  return styles;
}
