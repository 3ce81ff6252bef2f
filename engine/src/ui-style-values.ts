import namedColours from 'color-name';
import { ownEntry } from './own-entry.ts';
import type { UiStyles } from './ui-settings.ts';

/**
 * What each UI style value may be, beyond being a safe CSS token (`cssTokenProblem`): colours must be real
 * colours, sizes must stay in a range a 390 px phone survives, and the colour pairs must stay readable
 * (decision 101). The server refuses a value that breaks these; the web falls back to the default for a
 * stored one, with the same rules.
 */

type Section = keyof UiStyles;
type Labels = { [S in Section]: { [K in keyof UiStyles[S]]: string } };

/** The editor's names of the fields; messages use them so the admin finds the field the message is about. */
export const UI_STYLE_LABELS: Labels = {
  borders: { radius: 'Corner radius', width: 'Border width', style: 'Border style' },
  typography: {
    fontSizeBase: 'Base font size',
    fontWeightNormal: 'Text weight',
    fontWeightBold: 'Heading weight',
    lineHeight: 'Line height',
  },
  spacing: { gap: 'Gap', padding: 'Padding', margin: 'Margin' },
  boxes: {
    height: 'Box height',
    padding: 'Box padding',
    backgroundColor: 'Box background',
    borderColor: 'Box border',
  },
  components: {
    buttonRadius: 'Button corners',
    inputRadius: 'Input corners',
    cardRadius: 'Card corners',
    checkboxRadius: 'Checkbox corners',
  },
  buttons: {
    size: 'Button size',
    primaryBackground: 'Primary background',
    primaryTextColor: 'Primary text',
    secondaryBackground: 'Secondary background',
    secondaryTextColor: 'Secondary text',
    iconButtonShape: 'Icon button shape',
    iconButtonSize: 'Icon button size',
    shadow: 'Shadow',
    hoverEffect: 'Hover effect',
  },
};

export function uiStyleLabel(section: string, key: string): string {
  return (UI_STYLE_LABELS as Record<string, Record<string, string>>)[section]?.[key] ?? `${section}.${key}`;
}

// ---------------------------------------------------------------------------------------------- colours

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0 (transparent) to 1 (opaque). */
  a: number;
}

/** The CSS named colours (CSS Color 4), without `transparent` and `currentcolor`, which are no brand colour. */
export const CSS_NAMED_COLOURS: readonly string[] = Object.keys(namedColours);

/** A named colour's channels; an own key only, so `constructor` or `__proto__` is no colour. */
function namedColour(name: string): Rgba | null {
  if (!Object.hasOwn(namedColours, name)) return null;
  const [r, g, b] = namedColours[name as keyof typeof namedColours];
  return { r, g, b, a: 1 };
}

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTION = /^(rgba?|hsla?)\((.*)\)$/i;
const NUMBER = /^[+]?(\d+\.?\d*|\.\d+)$/;

function hexToRgba(hex: string): Rgba {
  const digits = hex.length <= 4 ? [...hex].map((d) => d + d).join('') : hex;
  const channel = (i: number) => Number.parseInt(digits.slice(i * 2, i * 2 + 2), 16);
  return { r: channel(0), g: channel(1), b: channel(2), a: digits.length === 8 ? channel(3) / 255 : 1 };
}

/** A number, or a percentage of `percentOf`, within 0..max; null when out of range or not a number. */
function amount(text: string, max: number, percentOf: number | null): number | null {
  const percent = text.endsWith('%');
  if (percent && percentOf === null) return null;
  const digits = percent ? text.slice(0, -1) : text;
  if (!NUMBER.test(digits)) return null;
  const value = percent ? (Number(digits) / 100) * (percentOf as number) : Number(digits);
  return value >= 0 && value <= max ? value : null;
}

/** The arguments of rgb()/hsl(): three, plus an optional alpha, comma- or space-separated (CSS Color 4). */
function functionArguments(inside: string): { parts: string[]; alpha: string | null } | null {
  const text = inside.trim();
  if (text.includes(',')) {
    const parts = text.split(',').map((part) => part.trim());
    if (parts.length !== 3 && parts.length !== 4) return null;
    return { parts: parts.slice(0, 3), alpha: parts[3] ?? null };
  }
  const [channels = '', alpha, ...rest] = text.split('/').map((part) => part.trim());
  if (rest.length > 0) return null;
  const parts = channels.split(/\s+/);
  if (parts.length !== 3) return null;
  return { parts, alpha: alpha ?? null };
}

function hslToRgb(h: number, s: number, l: number): { r: number; g: number; b: number } {
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const a = s * Math.min(l, 1 - l);
    return 255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return { r: f(0), g: f(8), b: f(4) };
}

/**
 * The colour a value names, or null when it is no colour this app accepts: hex (#rgb, #rgba, #rrggbb,
 * #rrggbbaa), rgb()/rgba() with channels 0–255 or 0–100%, hsl()/hsla() with a hue of 0–360 (deg) and
 * saturation and lightness of 0–100%, an alpha of 0–1 or 0–100%, or a CSS named colour.
 */
export function parseCssColor(value: string): Rgba | null {
  const text = value.trim().toLowerCase();
  if (HEX.test(text)) return hexToRgba(text.slice(1));
  const named = namedColour(text);
  if (named) return named;
  const call = FUNCTION.exec(text);
  if (!call) return null;
  const args = functionArguments(call[2] ?? '');
  if (!args) return null;
  const a = args.alpha === null ? 1 : amount(args.alpha, 1, 1);
  if (a === null) return null;
  if ((call[1] ?? '').startsWith('rgb')) {
    const [r, g, b] = args.parts.map((part) => amount(part, 255, 255));
    if (r == null || g == null || b == null) return null;
    return { r, g, b, a };
  }
  const [hueText = '', saturation = '', lightness = ''] = args.parts;
  const h = amount(hueText.replace(/deg$/, ''), 360, null);
  // Modern hsl() also takes bare numbers for saturation and lightness; both read as percentages.
  const s = amount(saturation.replace(/%$/, ''), 100, null);
  const l = amount(lightness.replace(/%$/, ''), 100, null);
  if (h === null || s === null || l === null) return null;
  return { ...hslToRgb(h, s / 100, l / 100), a };
}

/** The top colour seen over an opaque bottom one. */
function over(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

/** WCAG 2 relative luminance of an opaque colour. */
export function relativeLuminance({ r, g, b }: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };
const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };

/**
 * WCAG 2 contrast ratio (1 to 21) of text over a background. A translucent colour shows what lies under it,
 * which this rule cannot know, so it is laid over white and over black and the worse ratio counts: a
 * translucent value passes only if it is readable whatever it sits on.
 */
export function contrastRatio(text: Rgba, background: Rgba): number {
  let worst = 21;
  for (const page of [WHITE, BLACK]) {
    const bottom = over(background, page);
    const top = over(text, bottom);
    const [light, dark] = [relativeLuminance(top), relativeLuminance(bottom)].sort((x, y) => y - x);
    worst = Math.min(worst, ((light as number) + 0.05) / ((dark as number) + 0.05));
    if (text.a === 1 && background.a === 1) break;
  }
  return worst;
}

// ------------------------------------------------------------------------------------------------ sizes

/** rem and em are measured at the browser's 16 px, as the editor's "4 · 16 px" labels are. */
const PX_PER_REM = 16;
const LENGTH = /^(\d+\.?\d*|\.\d+)(px|rem|em)$/;
const BARE = /^(\d+\.?\d*|\.\d+)$/;

interface SizeRule {
  /** Named values and the CSS they stand for; each is within the range by construction. */
  tokens?: Readonly<Record<string, string>>;
  /** What a bare number means: pixels, or steps of the 4 px spacing scale ('4' is 1rem). */
  bare: 'px' | 'scale' | null;
  min: number;
  max: number;
  /** How the message says what is accepted, after "must be". */
  expected: string;
}

export const RADIUS_TOKENS: Readonly<Record<string, string>> = {
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

export const FONT_SIZE_TOKENS: Readonly<Record<string, string>> = {
  xs: '0.75rem',
  sm: '0.875rem',
  base: '1rem',
  md: '1rem',
  lg: '1.125rem',
  xl: '1.25rem',
  '2xl': '1.5rem',
};

const radiusRule: SizeRule = {
  tokens: RADIUS_TOKENS,
  bare: null,
  min: 0,
  max: 48,
  expected: `from 0 to 48 px (in px, rem or em) or one of ${Object.keys(RADIUS_TOKENS).join(', ')}`,
};

const spacingRule = (max: number, tokens?: Record<string, string>): SizeRule => ({
  tokens,
  bare: 'scale',
  min: 0,
  max,
  expected: `${tokens ? `${Object.keys(tokens).join(', ')} or ` : ''}from 0 to ${max} px: a step of the 4 px scale (0 to ${max / 4}) or a size in px, rem or em`,
});

const SIZE_RULES: { [S in Section]?: { [K in keyof UiStyles[S]]?: SizeRule } } = {
  borders: {
    radius: radiusRule,
    width: {
      bare: 'px',
      min: 0,
      max: 8,
      expected: 'from 0 to 8 px: a number of pixels or a size in px, rem or em',
    },
  },
  typography: {
    fontSizeBase: {
      tokens: FONT_SIZE_TOKENS,
      bare: 'px',
      min: 12,
      max: 24,
      expected: `from 12 to 24 px: a number of pixels, a size in px, rem or em, or one of ${Object.keys(FONT_SIZE_TOKENS).join(', ')}`,
    },
  },
  spacing: { gap: spacingRule(48), padding: spacingRule(48), margin: spacingRule(48) },
  boxes: { height: spacingRule(96, { auto: 'auto' }), padding: spacingRule(48) },
  components: {
    buttonRadius: radiusRule,
    inputRadius: radiusRule,
    cardRadius: radiusRule,
    checkboxRadius: radiusRule,
  },
};

function sizeCss(rule: SizeRule, value: string): string | null {
  const token = rule.tokens ? ownEntry(rule.tokens, value) : undefined;
  if (token !== undefined) return token;
  let px: number;
  let css: string;
  const length = LENGTH.exec(value);
  if (length) {
    px = Number(length[1]) * (length[2] === 'px' ? 1 : PX_PER_REM);
    css = value;
  } else if (rule.bare && BARE.test(value)) {
    const n = Number(value);
    px = rule.bare === 'px' ? n : n * 4;
    css = rule.bare === 'px' ? `${n}px` : `${n * 0.25}rem`;
  } else {
    return null;
  }
  return px >= rule.min && px <= rule.max ? css : null;
}

const LINE_HEIGHT = { min: 1, max: 2.5 };

const COLOUR_EXPECTED =
  'a colour: a hex code such as #2563eb, rgb(), rgba(), hsl(), hsla() or a CSS colour name such as navy';

type FieldKind =
  | { kind: 'size'; rule: SizeRule }
  | { kind: 'colour' }
  | { kind: 'lineHeight' }
  | { kind: 'choice'; values: readonly string[] };

const FONT_WEIGHTS = [
  'light',
  'normal',
  'medium',
  'semibold',
  'bold',
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${n}00`),
];

/**
 * The words the web maps to CSS itself (`web/src/lib/ui-settings-css.ts`, whose tables hold exactly these) and the
 * editor offers as choices: any other word has no meaning there and is refused.
 */
export const UI_STYLE_CHOICES = {
  borders: { style: ['solid', 'dashed', 'dotted', 'double', 'none'] },
  typography: { fontWeightNormal: FONT_WEIGHTS, fontWeightBold: FONT_WEIGHTS },
  buttons: {
    size: ['sm', 'md', 'lg', 'xl'],
    iconButtonShape: ['rounded', 'circle', 'square'],
    iconButtonSize: ['sm', 'md', 'lg'],
    shadow: ['none', 'sm', 'md', 'lg'],
    hoverEffect: ['none', 'darken', 'lighten', 'scale', 'grow'],
  },
} as const satisfies { [S in Section]?: { [K in keyof UiStyles[S]]?: readonly string[] } };

const COLOUR_FIELDS: { [S in Section]?: readonly (keyof UiStyles[S])[] } = {
  boxes: ['backgroundColor', 'borderColor'],
  buttons: ['primaryBackground', 'primaryTextColor', 'secondaryBackground', 'secondaryTextColor'],
};

function kindOf(section: string, key: string): FieldKind | null {
  const sizes = ownEntry(SIZE_RULES as Record<string, Record<string, SizeRule>>, section);
  const size = sizes ? ownEntry(sizes, key) : undefined;
  if (size) return { kind: 'size', rule: size };
  if (ownEntry(COLOUR_FIELDS as Record<string, readonly string[]>, section)?.includes(key)) {
    return { kind: 'colour' };
  }
  if (section === 'typography' && key === 'lineHeight') return { kind: 'lineHeight' };
  const choices = ownEntry(UI_STYLE_CHOICES as Record<string, Record<string, readonly string[]>>, section);
  const values = choices ? ownEntry(choices, key) : undefined;
  return values ? { kind: 'choice', values } : null;
}

/**
 * The CSS a colour, size or line-height value stands for, or null when the value is outside its rule. A choice
 * (weights, shapes, shadows…) is a word the web maps itself: it is answered as is when it is one of the choices.
 */
export function uiStyleCssValue(section: string, key: string, value: string): string | null {
  const field = kindOf(section, key);
  const text = value.trim();
  if (!field) return text;
  if (field.kind === 'size') return sizeCss(field.rule, text);
  if (field.kind === 'colour') return parseCssColor(text) ? text : null;
  if (field.kind === 'choice') return field.values.includes(text) ? text : null;
  if (!BARE.test(text)) return null;
  const n = Number(text);
  return n >= LINE_HEIGHT.min && n <= LINE_HEIGHT.max ? text : null;
}

/** Why a colour, size or line-height value is refused, naming the field as the editor does; null when fine. */
export function uiStyleValueProblem(section: string, key: string, value: string): string | null {
  if (uiStyleCssValue(section, key, value) !== null) return null;
  const field = kindOf(section, key);
  const label = uiStyleLabel(section, key);
  if (field?.kind === 'size') return `${label} must be ${field.rule.expected}`;
  if (field?.kind === 'colour') return `${label} must be ${COLOUR_EXPECTED}`;
  if (field?.kind === 'choice') return `${label} must be one of ${field.values.join(', ')}`;
  return `${label} must be a number from ${LINE_HEIGHT.min} to ${LINE_HEIGHT.max}`;
}

// --------------------------------------------------------------------------------------------- contrast

/** WCAG 2 AA for normal text; every pair below carries button labels or body text of 14–16 px. */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * The app's own text colours, which the editor does not set but draws on Box background
 * (`--card-foreground` and `--muted-foreground` in web/src/styles/app.css), and the page's own backgrounds
 * (`--background`, `--surface`), on which the primary colour is link text and icons (`text-primary`).
 */
export const APP_TEXT_COLOURS = { text: '#0f172a', secondaryText: '#5f6f86' } as const;
export const APP_PAGE_BACKGROUNDS = { white: '#ffffff', surface: '#f8fafc' } as const;

export interface UiStyleProblem {
  section: Section;
  key: string;
  message: string;
}

/** Floors, so 4.49 never reads as the 4.5 it falls short of. */
const ratioText = (ratio: number) => `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;

/**
 * The readable-colour rule of the styles (decision 101), one problem per field that breaks it:
 * - Primary text on Primary background, Secondary text on Secondary background (button labels);
 * - the app's text and secondary text on Box background (cards);
 * - Primary background as link and icon colour on the page and on Box background.
 * A value that is not a colour is the value rule's problem, so its pairs are skipped here.
 */
export function uiStylesContrastProblems(styles: UiStyles): UiStyleProblem[] {
  const problems: UiStyleProblem[] = [];
  const colour = (value: string) => parseCssColor(value);
  const buttonPair = (
    text: 'primaryTextColor' | 'secondaryTextColor',
    background: 'primaryBackground' | 'secondaryBackground',
  ) => {
    const fg = colour(styles.buttons[text]);
    const bg = colour(styles.buttons[background]);
    if (!fg || !bg) return;
    const ratio = contrastRatio(fg, bg);
    if (ratio >= MIN_TEXT_CONTRAST) return;
    problems.push({
      section: 'buttons',
      key: text,
      message: `${UI_STYLE_LABELS.buttons[text]} on ${UI_STYLE_LABELS.buttons[background]} has a contrast of ${ratioText(ratio)}; button labels need at least ${MIN_TEXT_CONTRAST}:1`,
    });
  };
  buttonPair('primaryTextColor', 'primaryBackground');
  buttonPair('secondaryTextColor', 'secondaryBackground');

  const box = colour(styles.boxes.backgroundColor);
  if (box) {
    const worst = Object.entries(APP_TEXT_COLOURS)
      .map(([name, hex]) => ({ name, hex, ratio: contrastRatio(hexToRgba(hex.slice(1)), box) }))
      .sort((x, y) => x.ratio - y.ratio)[0];
    if (worst && worst.ratio < MIN_TEXT_CONTRAST) {
      const which = worst.name === 'text' ? 'text' : 'secondary text';
      problems.push({
        section: 'boxes',
        key: 'backgroundColor',
        message: `${UI_STYLE_LABELS.boxes.backgroundColor} leaves the app's ${which} (${worst.hex}) at a contrast of ${ratioText(worst.ratio)}; it needs at least ${MIN_TEXT_CONTRAST}:1`,
      });
    }
  }

  const primary = colour(styles.buttons.primaryBackground);
  if (primary) {
    const grounds = [
      {
        name: `the page (${APP_PAGE_BACKGROUNDS.white})`,
        rgba: hexToRgba(APP_PAGE_BACKGROUNDS.white.slice(1)),
      },
      {
        name: `the page (${APP_PAGE_BACKGROUNDS.surface})`,
        rgba: hexToRgba(APP_PAGE_BACKGROUNDS.surface.slice(1)),
      },
      ...(box ? [{ name: UI_STYLE_LABELS.boxes.backgroundColor, rgba: box }] : []),
    ];
    const worst = grounds
      .map((ground) => ({ name: ground.name, ratio: contrastRatio(primary, ground.rgba) }))
      .sort((x, y) => x.ratio - y.ratio)[0];
    if (worst && worst.ratio < MIN_TEXT_CONTRAST) {
      problems.push({
        section: 'buttons',
        key: 'primaryBackground',
        message: `${UI_STYLE_LABELS.buttons.primaryBackground} is also the colour of links and icons, and has a contrast of ${ratioText(worst.ratio)} on ${worst.name}; it needs at least ${MIN_TEXT_CONTRAST}:1`,
      });
    }
  }
  return problems;
}
