import { DEFAULT_UI_STYLES, type UiStyles } from './ui-settings.ts';

/** The settings key the UI styles are stored under. */
export const UI_STYLES_SETTING = 'ui_styles';

type Section = keyof UiStyles;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The stored styles over the defaults, key by key: a setting saved before a key existed still yields a
 * complete object, and stored values of the wrong type or unknown keys are ignored, never passed on.
 */
export function mergeUiStyles(stored: unknown): UiStyles {
  const merged = structuredClone(DEFAULT_UI_STYLES);
  if (!isRecord(stored)) return merged;
  for (const section of Object.keys(merged) as Section[]) {
    const storedSection = stored[section];
    if (!isRecord(storedSection)) continue;
    const target = merged[section] as Record<string, string>;
    for (const key of Object.keys(target)) {
      const value = storedSection[key];
      if (typeof value === 'string') target[key] = value;
      else if (typeof value === 'number') target[key] = String(value);
    }
  }
  return merged;
}
