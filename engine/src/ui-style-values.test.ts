import { describe, expect, test } from 'bun:test';
import { DEFAULT_UI_STYLES } from './ui-settings.ts';
import {
  CSS_NAMED_COLOURS,
  contrastRatio,
  parseCssColor,
  uiStyleCssValue,
  uiStylesContrastProblems,
  uiStyleValueProblem,
} from './ui-style-values.ts';

const colour = (value: string) => {
  const parsed = parseCssColor(value);
  if (!parsed) throw new Error(`${value} is no colour`);
  return parsed;
};

describe('parseCssColor', () => {
  test('reads hex, rgb(), hsl() and the CSS named colours', () => {
    expect(parseCssColor('#2563eb')).toEqual({ r: 37, g: 99, b: 235, a: 1 });
    expect(parseCssColor('#FFF')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseCssColor('#00000080')?.a).toBeCloseTo(0.5, 2);
    expect(parseCssColor('#0008')?.a).toBeCloseTo(0.53, 2);
    expect(parseCssColor('rgb(37, 99, 235)')).toEqual({ r: 37, g: 99, b: 235, a: 1 });
    expect(parseCssColor('rgba(37 99 235 / 50%)')).toEqual({ r: 37, g: 99, b: 235, a: 0.5 });
    expect(parseCssColor('rgb(100%, 0%, 0%)')).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    const hsl = colour('hsl(120deg, 100%, 25%)');
    expect([Math.round(hsl.r), Math.round(hsl.g), Math.round(hsl.b)]).toEqual([0, 128, 0]);
    expect(parseCssColor('hsla(0 0% 100% / 0.2)')).toEqual({ r: 255, g: 255, b: 255, a: 0.2 });
    expect(parseCssColor('RebeccaPurple')).toEqual({ r: 102, g: 51, b: 153, a: 1 });
    expect(CSS_NAMED_COLOURS).toHaveLength(148);
  });

  test('refuses words, other functions and numbers out of range', () => {
    for (const value of [
      'notacolor',
      'transparent',
      'currentcolor',
      'inherit',
      '#12',
      '#12345',
      '#ggg',
      'rgb(256, 0, 0)',
      'rgb(-1 0 0)',
      'rgb(1, 2)',
      'rgb(1 2 3 4)',
      'rgb(1, 2, 3 / 0.5)',
      'rgba(0, 0, 0, 2)',
      'hsl(400, 50%, 50%)',
      'hsl(120, 150%, 50%)',
      'oklch(0.6 0.2 150)',
      'var(--brand)',
      'calc(1px)',
      // Names every object has, which are no colour.
      'constructor',
      '__proto__',
      'tostring',
      'hasownproperty',
    ]) {
      expect([value, parseCssColor(value)]).toEqual([value, null]);
    }
  });
});

describe('contrastRatio (WCAG 2)', () => {
  test('known pairs', () => {
    expect(contrastRatio(colour('#000'), colour('#fff'))).toBeCloseTo(21, 5);
    expect(contrastRatio(colour('#fff'), colour('#fff'))).toBe(1);
    expect(contrastRatio(colour('#ffffff'), colour('#2563eb'))).toBeCloseTo(5.17, 2);
    expect(contrastRatio(colour('#ffffff'), colour('#16a34a'))).toBeCloseTo(3.3, 2);
    // Symmetric: which one is the text does not matter for opaque colours.
    expect(contrastRatio(colour('#2563eb'), colour('#ffffff'))).toBeCloseTo(5.17, 2);
  });

  test('a translucent colour counts over white and over black, whichever is worse', () => {
    // Black text on a half-transparent white: fine over white, 5.2:1 over black.
    const ratio = contrastRatio(colour('#000'), colour('rgba(255 255 255 / 0.5)'));
    expect(ratio).toBeLessThan(6);
    expect(ratio).toBeGreaterThan(4.5);
    expect(contrastRatio(colour('rgba(255, 255, 255, 0.1)'), colour('#2563eb'))).toBeLessThan(1.5);
  });
});

describe('sizes', () => {
  test('tokens, bare numbers and px/rem/em within range give their CSS', () => {
    expect(uiStyleCssValue('typography', 'fontSizeBase', 'lg')).toBe('1.125rem');
    expect(uiStyleCssValue('typography', 'fontSizeBase', '12')).toBe('12px');
    expect(uiStyleCssValue('typography', 'fontSizeBase', '1.5rem')).toBe('1.5rem');
    expect(uiStyleCssValue('spacing', 'padding', '12')).toBe('3rem');
    expect(uiStyleCssValue('spacing', 'padding', '48px')).toBe('48px');
    expect(uiStyleCssValue('boxes', 'height', 'auto')).toBe('auto');
    expect(uiStyleCssValue('borders', 'radius', 'full')).toBe('9999px');
    expect(uiStyleCssValue('borders', 'width', '4')).toBe('4px');
    expect(uiStyleCssValue('typography', 'lineHeight', '1.5')).toBe('1.5');
  });

  test('out of range, negative or viewport units are refused with the field and the range', () => {
    for (const [section, key, value] of [
      ['typography', 'fontSizeBase', '11px'],
      ['typography', 'fontSizeBase', '25'],
      ['typography', 'fontSizeBase', '2rem'],
      ['spacing', 'gap', '60vw'],
      ['spacing', 'margin', '-4px'],
      ['spacing', 'padding', '13'],
      ['spacing', 'padding', '10%'],
      ['boxes', 'height', '100vh'],
      ['borders', 'width', '9px'],
      ['borders', 'radius', '49px'],
      ['typography', 'lineHeight', '3'],
      ['typography', 'lineHeight', '20px'],
    ] as const) {
      expect([value, uiStyleCssValue(section, key, value)]).toEqual([value, null]);
    }
    expect(uiStyleValueProblem('spacing', 'gap', '60vw')).toBe(
      'Gap must be from 0 to 48 px: a step of the 4 px scale (0 to 12) or a size in px, rem or em',
    );
    expect(uiStyleValueProblem('typography', 'lineHeight', '3')).toBe(
      'Line height must be a number from 1 to 2.5',
    );
  });
});

describe('uiStylesContrastProblems', () => {
  test('the defaults are readable', () => {
    expect(uiStylesContrastProblems(DEFAULT_UI_STYLES)).toEqual([]);
  });

  test('a box background dark enough to lose the secondary text, or the primary colour on it, is named', () => {
    const problems = uiStylesContrastProblems({
      ...DEFAULT_UI_STYLES,
      boxes: { ...DEFAULT_UI_STYLES.boxes, backgroundColor: '#e2e8f0' },
    });
    expect(problems).toEqual([
      {
        section: 'boxes',
        key: 'backgroundColor',
        message:
          "Box background leaves the app's secondary text (#5f6f86) at a contrast of 4.15:1; it needs at least 4.5:1",
      },
      {
        section: 'buttons',
        key: 'primaryBackground',
        message:
          'Primary background is also the colour of links and icons, and has a contrast of 4.19:1 on Box background; it needs at least 4.5:1',
      },
    ]);
  });

  test('a light primary colour is refused as link colour even with dark text on its buttons', () => {
    const problems = uiStylesContrastProblems({
      ...DEFAULT_UI_STYLES,
      buttons: { ...DEFAULT_UI_STYLES.buttons, primaryBackground: 'gold', primaryTextColor: '#111827' },
    });
    expect(problems.map((p) => p.key)).toEqual(['primaryBackground']);
  });
});
