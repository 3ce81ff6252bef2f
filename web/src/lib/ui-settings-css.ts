import { DEFAULT_UI_STYLES, type UiStyles } from '@engine/ui-settings.ts';

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
 * Admins pick tokens ('lg', '2', 'sm'); each is mapped to a CSS value here. A value that is neither a known
 * token nor a plain CSS value falls back to the default's, because a custom property holding garbage makes
 * the property using it invalid rather than falling back.
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
      if (field in target && typeof value === 'string' && value.trim() !== '') target[field] = value.trim();
    }
  }
  return merged;
}

type Convert = (value: string) => string | null;

const LENGTH = /^-?\d*\.?\d+(px|rem|em|%|vh|vw|dvh|ch)$/;
const NUMBER = /^\d*\.?\d+$/;

const RADIUS_TOKENS: Record<string, string> = {
  none: '0px',
  xs: '0.125rem',
  sm: '0.25rem',
  md: '0.375rem',
  lg: '0.5rem',
  xl: '0.75rem',
  '2xl': '1rem',
  '3xl': '1.5rem',
  full: '9999px',
};

const FONT_SIZE_TOKENS: Record<string, string> = {
  xs: '0.75rem',
  sm: '0.875rem',
  base: '1rem',
  md: '1rem',
  lg: '1.125rem',
  xl: '1.25rem',
  '2xl': '1.5rem',
};

const FONT_WEIGHT_TOKENS: Record<string, string> = {
  light: '300',
  normal: '400',
  medium: '500',
  semibold: '600',
  bold: '700',
};

/** Tailwind-like sizes for buttons; md is the everyday one. */
const BUTTON_SIZES: Record<string, { height: string; paddingX: string; fontSize: string }> = {
  sm: { height: '2.25rem', paddingX: '0.75rem', fontSize: '0.875rem' },
  md: { height: '2.5rem', paddingX: '1rem', fontSize: '0.875rem' },
  lg: { height: '2.75rem', paddingX: '1.5rem', fontSize: '1rem' },
  xl: { height: '3rem', paddingX: '1.75rem', fontSize: '1.125rem' },
};

/** Icon buttons never drop below 44 px in the components (thumb reach); these set how much larger they are. */
const ICON_BUTTON_SIZES: Record<string, string> = { sm: '2.5rem', md: '2.75rem', lg: '3.25rem' };

/** 'none' is a zero shadow, not the keyword: the value joins Tailwind's box-shadow list beside focus rings. */
const SHADOWS: Record<string, string> = {
  none: '0 0 #0000',
  sm: '0 1px 2px 0 rgb(0 0 0 / 0.05)',
  md: '0 4px 6px -1px rgb(0 0 0 / 0.1), 0 2px 4px -2px rgb(0 0 0 / 0.1)',
  lg: '0 10px 15px -3px rgb(0 0 0 / 0.1), 0 4px 6px -4px rgb(0 0 0 / 0.1)',
};

const HOVER_EFFECTS: Record<string, { filter: string; scale: string }> = {
  none: { filter: 'none', scale: '1' },
  darken: { filter: 'brightness(0.9)', scale: '1' },
  lighten: { filter: 'brightness(1.1)', scale: '1' },
  scale: { filter: 'none', scale: '1.03' },
  grow: { filter: 'none', scale: '1.03' },
};

const BORDER_STYLES = new Set(['solid', 'dashed', 'dotted', 'double', 'none']);

const fromTable =
  (table: Record<string, string>): Convert =>
  (value) =>
    table[value] ?? null;

const radius: Convert = (value) => RADIUS_TOKENS[value] ?? (LENGTH.test(value) ? value : null);

/** Bare numbers are pixels, as the admin screen offers '1', '2', '4'. */
const borderWidth: Convert = (value) =>
  NUMBER.test(value) ? `${value}px` : LENGTH.test(value) ? value : null;

/** Bare numbers follow the Tailwind spacing scale: '4' is 1rem. */
const spacing: Convert = (value) =>
  NUMBER.test(value) ? `${Number(value) * 0.25}rem` : LENGTH.test(value) ? value : null;

const fontSize: Convert = (value) =>
  FONT_SIZE_TOKENS[value] ?? (NUMBER.test(value) ? `${value}px` : LENGTH.test(value) ? value : null);

const fontWeight: Convert = (value) => FONT_WEIGHT_TOKENS[value] ?? (/^[1-9]00$/.test(value) ? value : null);

const lineHeight: Convert = (value) => (NUMBER.test(value) || LENGTH.test(value) ? value : null);

const boxHeight: Convert = (value) => (value === 'auto' ? 'auto' : spacing(value));

const COLOR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla|hwb|lab|lch|oklab|oklch|color)\([\w\s.,%/+-]*\)|[a-z]+)$/i;
const color: Convert = (value) => (COLOR.test(value) ? value : null);

const borderStyle: Convert = (value) => (BORDER_STYLES.has(value) ? value : null);

/** Picks the converted value, or the default's when the saved one cannot be used. */
function pick(convert: Convert, value: string, fallback: string): string {
  return convert(value.trim()) ?? convert(fallback) ?? '';
}

/** The custom properties for a set of styles; unknown or unusable values take the default's value. */
export function uiStylesToCssVariables(overrides?: UiStylesOverrides | null): Record<string, string> {
  const s = mergeUiStyles(overrides);
  const d = DEFAULT_UI_STYLES;
  const buttonSize =
    BUTTON_SIZES[s.buttons.size] ?? (BUTTON_SIZES[d.buttons.size] as (typeof BUTTON_SIZES)['md']);
  const hover =
    HOVER_EFFECTS[s.buttons.hoverEffect] ??
    (HOVER_EFFECTS[d.buttons.hoverEffect] as (typeof HOVER_EFFECTS)['none']);
  const buttonRadius = pick(radius, s.components.buttonRadius, d.components.buttonRadius);
  const iconShapes: Record<string, string> = { rounded: buttonRadius, circle: '9999px', square: '0px' };

  return {
    '--ui-radius': pick(radius, s.borders.radius, d.borders.radius),
    '--ui-border-width': pick(borderWidth, s.borders.width, d.borders.width),
    '--ui-border-style': pick(borderStyle, s.borders.style, d.borders.style),

    '--ui-font-size-base': pick(fontSize, s.typography.fontSizeBase, d.typography.fontSizeBase),
    '--ui-font-weight-normal': pick(fontWeight, s.typography.fontWeightNormal, d.typography.fontWeightNormal),
    '--ui-font-weight-bold': pick(fontWeight, s.typography.fontWeightBold, d.typography.fontWeightBold),
    '--ui-line-height': pick(lineHeight, s.typography.lineHeight, d.typography.lineHeight),

    '--ui-gap': pick(spacing, s.spacing.gap, d.spacing.gap),
    '--ui-padding': pick(spacing, s.spacing.padding, d.spacing.padding),
    '--ui-margin': pick(spacing, s.spacing.margin, d.spacing.margin),

    '--ui-box-height': pick(boxHeight, s.boxes.height, d.boxes.height),
    '--ui-box-padding': pick(spacing, s.boxes.padding, d.boxes.padding),
    '--ui-box-background': pick(color, s.boxes.backgroundColor, d.boxes.backgroundColor),
    '--ui-box-border-color': pick(color, s.boxes.borderColor, d.boxes.borderColor),

    '--ui-button-radius': buttonRadius,
    '--ui-input-radius': pick(radius, s.components.inputRadius, d.components.inputRadius),
    '--ui-card-radius': pick(radius, s.components.cardRadius, d.components.cardRadius),
    '--ui-checkbox-radius': pick(radius, s.components.checkboxRadius, d.components.checkboxRadius),

    '--ui-button-height': buttonSize.height,
    '--ui-button-padding-x': buttonSize.paddingX,
    '--ui-button-font-size': buttonSize.fontSize,
    '--ui-button-primary-background': pick(color, s.buttons.primaryBackground, d.buttons.primaryBackground),
    '--ui-button-primary-text': pick(color, s.buttons.primaryTextColor, d.buttons.primaryTextColor),
    '--ui-button-secondary-background': pick(
      color,
      s.buttons.secondaryBackground,
      d.buttons.secondaryBackground,
    ),
    '--ui-button-secondary-text': pick(color, s.buttons.secondaryTextColor, d.buttons.secondaryTextColor),
    '--ui-icon-button-radius': iconShapes[s.buttons.iconButtonShape] ?? buttonRadius,
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
