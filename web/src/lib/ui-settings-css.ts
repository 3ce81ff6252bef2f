import { ownEntry } from '@engine/own-entry.ts';
import { DEFAULT_UI_STYLES, type UiStyles } from '@engine/ui-settings.ts';
import { UI_STYLE_CHOICES, uiStyleCssValue } from '@engine/ui-style-values.ts';

/**
 * UI styles (requirements §3) become CSS custom properties on <html>. The stylesheet and the shared components read
 * them with a fallback, so the app looks right before settings load. Names:
 *
 *   borders     --ui-radius, --ui-border-width, --ui-border-style
 *   typography  --ui-font-size-base, --ui-font-weight-normal, --ui-font-weight-bold, --ui-line-height
 *   spacing     --ui-gap, --ui-padding, --ui-margin
 *   boxes       --ui-box-height, --ui-box-padding, --ui-box-background, --ui-box-border-color
 *   components  --ui-button-radius, --ui-input-radius, --ui-card-radius, --ui-checkbox-radius
 *   buttons     --ui-button-height, --ui-button-padding-x, --ui-button-font-size (from size),
 *               --ui-button-primary-background, --ui-button-primary-text,
 *               --ui-button-secondary-background, --ui-button-secondary-text,
 *               --ui-icon-button-radius (from iconButtonShape), --ui-icon-button-size,
 *               --ui-button-shadow, --ui-button-hover-filter, --ui-button-hover-scale (from hoverEffect)
 *
 * Admins pick tokens ('lg', '2', 'sm'); each is mapped to a CSS value. Colours, sizes and line height follow
 * the engine's rule (`uiStyleCssValue`, decision 101), the one the server saves by, so a value stored before
 * that rule (a word that is no colour, a 200 px padding) falls back to the default's as well: a custom
 * property holding garbage makes the property using it invalid rather than falling back, and an oversized
 * one makes a phone scroll sideways.
 */

export type UiStylesOverrides = { [Section in keyof UiStyles]?: Partial<UiStyles[Section]> | null };

/** Saved settings over the defaults, section by section; blank values keep the default. */
export function mergeUiStyles(overrides?: UiStylesOverrides | null): UiStyles {
  const merged = structuredClone(DEFAULT_UI_STYLES);
  if (!overrides) return merged;
  for (const section of Object.keys(merged) as (keyof UiStyles)[]) {
    const given = overrides[section];
    if (!given) continue;
    const target = merged[section] as Record<string, string>;
    for (const [field, value] of Object.entries(given)) {
      if (Object.hasOwn(target, field) && typeof value === 'string' && value.trim() !== '')
        target[field] = value.trim();
    }
  }
  return merged;
}

type Convert = (value: string) => string | null;

/** A choice the engine accepts for a field: each table below holds exactly the engine's choices, no more, no less. */
type Choice<
  S extends keyof typeof UI_STYLE_CHOICES,
  K extends keyof (typeof UI_STYLE_CHOICES)[S],
> = (typeof UI_STYLE_CHOICES)[S][K] extends readonly (infer V)[] ? V : never;

const FONT_WEIGHT_TOKENS: Record<string, string> = {
  light: '300',
  normal: '400',
  medium: '500',
  semibold: '600',
  bold: '700',
};

/** Tailwind-like sizes for buttons; md is the everyday one. */
const BUTTON_SIZES: Record<
  Choice<'buttons', 'size'>,
  { height: string; paddingX: string; fontSize: string }
> = {
  sm: { height: '2.25rem', paddingX: '0.75rem', fontSize: '0.875rem' },
  md: { height: '2.5rem', paddingX: '1rem', fontSize: '0.875rem' },
  lg: { height: '2.75rem', paddingX: '1.5rem', fontSize: '1rem' },
  xl: { height: '3rem', paddingX: '1.75rem', fontSize: '1.125rem' },
};

/** Icon buttons never drop below 44 px in the components (thumb reach); these set how much larger they are. */
const ICON_BUTTON_SIZES: Record<Choice<'buttons', 'iconButtonSize'>, string> = {
  sm: '2.5rem',
  md: '2.75rem',
  lg: '3.25rem',
};

/** 'none' is a zero shadow, not the keyword: the value joins Tailwind's box-shadow list beside focus rings. */
const SHADOWS: Record<Choice<'buttons', 'shadow'>, string> = {
  none: '0 0 #0000',
  sm: '0 1px 2px 0 rgb(0 0 0 / 0.05)',
  md: '0 4px 6px -1px rgb(0 0 0 / 0.1), 0 2px 4px -2px rgb(0 0 0 / 0.1)',
  lg: '0 10px 15px -3px rgb(0 0 0 / 0.1), 0 4px 6px -4px rgb(0 0 0 / 0.1)',
};

const HOVER_EFFECTS: Record<Choice<'buttons', 'hoverEffect'>, { filter: string; scale: string }> = {
  none: { filter: 'none', scale: '1' },
  darken: { filter: 'brightness(0.9)', scale: '1' },
  lighten: { filter: 'brightness(1.1)', scale: '1' },
  scale: { filter: 'none', scale: '1.03' },
  grow: { filter: 'none', scale: '1.03' },
};

const BORDER_STYLES: ReadonlySet<string> = new Set(UI_STYLE_CHOICES.borders.style);

const fromTable =
  (table: Record<string, string>): Convert =>
  (value) =>
    ownEntry(table, value) ?? null;

const fontWeight: Convert = (value) =>
  ownEntry(FONT_WEIGHT_TOKENS, value) ?? (/^[1-9]00$/.test(value) ? value : null);

const borderStyle: Convert = (value) => (BORDER_STYLES.has(value) ? value : null);

/** Picks the converted value, or the default's when the saved one cannot be used. */
function pick(convert: Convert, value: string, fallback: string): string {
  return convert(value.trim()) ?? convert(fallback) ?? '';
}

/** The custom properties for a set of styles; unknown or unusable values take the default's value. */
export function uiStylesToCssVariables(overrides?: UiStylesOverrides | null): Record<string, string> {
  const s = mergeUiStyles(overrides);
  const d = DEFAULT_UI_STYLES;
  /** A colour, size or line height by the engine's rule, the one the server saves by; else the default's. */
  const ruled = <S extends keyof UiStyles>(section: S, key: keyof UiStyles[S] & string): string => {
    const value = (s[section] as Record<string, string>)[key] ?? '';
    const fallback = (d[section] as Record<string, string>)[key] ?? '';
    return uiStyleCssValue(section, key, value) ?? uiStyleCssValue(section, key, fallback) ?? '';
  };
  // The saved choice, else the default's (the tables hold every default, so the last fallback is never reached).
  const buttonSize =
    ownEntry(BUTTON_SIZES, s.buttons.size) ?? ownEntry(BUTTON_SIZES, d.buttons.size) ?? BUTTON_SIZES.md;
  const hover =
    ownEntry(HOVER_EFFECTS, s.buttons.hoverEffect) ??
    ownEntry(HOVER_EFFECTS, d.buttons.hoverEffect) ??
    HOVER_EFFECTS.none;
  const buttonRadius = ruled('components', 'buttonRadius');
  const iconShapes: Record<Choice<'buttons', 'iconButtonShape'>, string> = {
    rounded: buttonRadius,
    circle: '9999px',
    square: '0px',
  };

  return {
    '--ui-radius': ruled('borders', 'radius'),
    '--ui-border-width': ruled('borders', 'width'),
    '--ui-border-style': pick(borderStyle, s.borders.style, d.borders.style),

    '--ui-font-size-base': ruled('typography', 'fontSizeBase'),
    '--ui-font-weight-normal': pick(fontWeight, s.typography.fontWeightNormal, d.typography.fontWeightNormal),
    '--ui-font-weight-bold': pick(fontWeight, s.typography.fontWeightBold, d.typography.fontWeightBold),
    '--ui-line-height': ruled('typography', 'lineHeight'),

    '--ui-gap': ruled('spacing', 'gap'),
    '--ui-padding': ruled('spacing', 'padding'),
    '--ui-margin': ruled('spacing', 'margin'),

    '--ui-box-height': ruled('boxes', 'height'),
    '--ui-box-padding': ruled('boxes', 'padding'),
    '--ui-box-background': ruled('boxes', 'backgroundColor'),
    '--ui-box-border-color': ruled('boxes', 'borderColor'),

    '--ui-button-radius': buttonRadius,
    '--ui-input-radius': ruled('components', 'inputRadius'),
    '--ui-card-radius': ruled('components', 'cardRadius'),
    '--ui-checkbox-radius': ruled('components', 'checkboxRadius'),

    '--ui-button-height': buttonSize.height,
    '--ui-button-padding-x': buttonSize.paddingX,
    '--ui-button-font-size': buttonSize.fontSize,
    '--ui-button-primary-background': ruled('buttons', 'primaryBackground'),
    '--ui-button-primary-text': ruled('buttons', 'primaryTextColor'),
    '--ui-button-secondary-background': ruled('buttons', 'secondaryBackground'),
    '--ui-button-secondary-text': ruled('buttons', 'secondaryTextColor'),
    '--ui-icon-button-radius': ownEntry(iconShapes, s.buttons.iconButtonShape) ?? buttonRadius,
    '--ui-icon-button-size': pick(
      fromTable(ICON_BUTTON_SIZES),
      s.buttons.iconButtonSize,
      d.buttons.iconButtonSize,
    ),
    '--ui-button-shadow': pick(fromTable(SHADOWS), s.buttons.shadow, d.buttons.shadow),
    '--ui-button-hover-filter': hover.filter,
    '--ui-button-hover-scale': hover.scale,
  };
}

/** Writes the styles' custom properties on `root` (the <html> element by default). */
export function applyUiStyles(
  styles: UiStylesOverrides | null | undefined,
  root: HTMLElement = document.documentElement,
): void {
  for (const [name, value] of Object.entries(uiStylesToCssVariables(styles))) {
    root.style.setProperty(name, value);
  }
}
