import { describe, expect, test } from 'bun:test';
import { cssTokenProblem, uiSettingsBodySchema } from './admin-ui-style-schemas.ts';
import { DEFAULT_UI_STYLES, type UiStyles } from './ui-settings.ts';

describe('cssTokenProblem', () => {
  test('accepts words, numbers, lengths, colours and colour functions', () => {
    for (const value of [
      'lg',
      '2',
      '1.5',
      '0.75rem',
      '#2563eb',
      'rgb(37 99 235 / 50%)',
      'hsl(210, 40%, 50%)',
      'calc(1rem + 2px)',
      'var(--brand)',
    ]) {
      expect(cssTokenProblem(value)).toBeNull();
    }
  });

  test('refuses anything that could end the declaration, fetch a resource or hide text', () => {
    expect(cssTokenProblem('red; background: blue')).toBe(
      'may hold only letters, digits, spaces and # . % , ( ) / + * -',
    );
    expect(cssTokenProblem('red}body{color:red')).toBe(
      'may hold only letters, digits, spaces and # . % , ( ) / + * -',
    );
    expect(cssTokenProblem('url(https://evil.example/x)')).toBe(
      'may hold only letters, digits, spaces and # . % , ( ) / + * -',
    );
    expect(cssTokenProblem('url(evil)')).toBe('must not use url()');
    expect(cssTokenProblem('image-set(x)')).toBe('must not use image-set()');
    expect(cssTokenProblem('expression(alert(1))')).toBe('must not use expression()');
    expect(cssTokenProblem('red /* x */')).toBe('must not hold a CSS comment');
    expect(cssTokenProblem('rgb(1,2,3))')).toBe('has unbalanced parentheses');
    expect(cssTokenProblem('"quoted"')).toBe('may hold only letters, digits, spaces and # . % , ( ) / + * -');
    expect(cssTokenProblem('\\75rl(x)')).toBe(
      'may hold only letters, digits, spaces and # . % , ( ) / + * -',
    );
    expect(cssTokenProblem('')).toBe('must not be empty');
    expect(cssTokenProblem('x'.repeat(101))).toBe('must be at most 100 characters');
  });
});

describe('uiSettingsBodySchema', () => {
  test('accepts the defaults, and numbers as their text', () => {
    const styles = structuredClone(DEFAULT_UI_STYLES) as unknown as Record<string, Record<string, unknown>>;
    (styles.borders as Record<string, unknown>).width = 3;
    const parsed = uiSettingsBodySchema.parse({ styles });
    expect(parsed.styles.borders.width).toBe('3');
    expect(parsed.styles.buttons).toEqual(DEFAULT_UI_STYLES.buttons);
  });

  test('names the path of a refused value, a missing key and an unknown one', () => {
    const message = (styles: unknown) => uiSettingsBodySchema.safeParse({ styles }).error?.issues[0]?.message;
    const withValue = (value: unknown) => ({
      ...DEFAULT_UI_STYLES,
      buttons: { ...DEFAULT_UI_STYLES.buttons, primaryBackground: value },
    });
    expect(message(withValue('red;}'))).toBe(
      'Primary background may hold only letters, digits, spaces and # . % , ( ) / + * -',
    );
    const { shadow: _shadow, ...noShadow } = DEFAULT_UI_STYLES.buttons;
    const missing = uiSettingsBodySchema.safeParse({ styles: { ...DEFAULT_UI_STYLES, buttons: noShadow } });
    expect(missing.error?.issues[0]?.path).toEqual(['styles', 'buttons', 'shadow']);
    const extra = uiSettingsBodySchema.safeParse({ styles: { ...DEFAULT_UI_STYLES, extra: {} } });
    expect(extra.error?.issues[0]?.code).toBe('unrecognized_keys');
    const { spacing: _spacing, ...noSpacing } = DEFAULT_UI_STYLES;
    expect(message(noSpacing)).toBe('styles.spacing is required');
  });
});

describe('uiSettingsBodySchema keeps the app usable', () => {
  const problems = (patch: { [S in keyof UiStyles]?: Partial<UiStyles[S]> }) => {
    const styles = structuredClone(DEFAULT_UI_STYLES) as Record<string, Record<string, string>>;
    for (const [section, values] of Object.entries(patch)) Object.assign(styles[section] ?? {}, values);
    return (uiSettingsBodySchema.safeParse({ styles }).error?.issues ?? []).map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
  };

  test('a word that is no colour is refused, naming the field as the editor does', () => {
    expect(problems({ buttons: { primaryBackground: 'notacolor' } })).toEqual([
      {
        path: 'styles.buttons.primaryBackground',
        message:
          'Primary background must be a colour: a hex code such as #2563eb, rgb(), rgba(), hsl(), hsla() or a CSS colour name such as navy',
      },
    ]);
    expect(problems({ boxes: { borderColor: 'transparent' } })[0]?.path).toBe('styles.boxes.borderColor');
    expect(problems({ boxes: { borderColor: 'oklch(0.6 0.2 150)' } })[0]?.path).toBe(
      'styles.boxes.borderColor',
    );
    expect(problems({ boxes: { borderColor: 'rgb(300 0 0)' } })[0]?.path).toBe('styles.boxes.borderColor');
    expect(problems({ boxes: { borderColor: 'lightgray' } })).toEqual([]);
    expect(problems({ boxes: { borderColor: 'rgb(229 231 235 / 50%)' } })).toEqual([]);
  });

  test('button text the same colour as its background is refused beside the text field', () => {
    expect(problems({ buttons: { primaryTextColor: '#ffffff', primaryBackground: '#ffffff' } })).toEqual([
      {
        path: 'styles.buttons.primaryTextColor',
        message:
          'Primary text on Primary background has a contrast of 1.00:1; button labels need at least 4.5:1',
      },
      {
        path: 'styles.buttons.primaryBackground',
        message:
          'Primary background is also the colour of links and icons, and has a contrast of 1.00:1 on the page (#ffffff); it needs at least 4.5:1',
      },
    ]);
    expect(problems({ buttons: { secondaryTextColor: 'silver' } })).toEqual([
      {
        path: 'styles.buttons.secondaryTextColor',
        message:
          'Secondary text on Secondary background has a contrast of 1.65:1; button labels need at least 4.5:1',
      },
    ]);
    expect(problems({ boxes: { backgroundColor: '#1e293b' } })[0]?.message).toStartWith(
      "Box background leaves the app's text (#0f172a) at a contrast of",
    );
    expect(problems({ buttons: { primaryBackground: '#15803d', primaryTextColor: 'white' } })).toEqual([]);
  });

  test('sizes past their range are refused with the range', () => {
    expect(problems({ typography: { fontSizeBase: '40px' } })).toEqual([
      {
        path: 'styles.typography.fontSizeBase',
        message:
          'Base font size must be from 12 to 24 px: a number of pixels, a size in px, rem or em, or one of xs, sm, base, md, lg, xl, 2xl',
      },
    ]);
    const spacing = 'must be from 0 to 48 px: a step of the 4 px scale (0 to 12) or a size in px, rem or em';
    expect(problems({ spacing: { padding: '200px', gap: '60vw', margin: '100px' } })).toEqual([
      { path: 'styles.spacing.gap', message: `Gap ${spacing}` },
      { path: 'styles.spacing.padding', message: `Padding ${spacing}` },
      { path: 'styles.spacing.margin', message: `Margin ${spacing}` },
    ]);
    expect(problems({ boxes: { padding: '150px' } })).toEqual([
      { path: 'styles.boxes.padding', message: `Box padding ${spacing}` },
    ]);
    expect(problems({ borders: { width: '30px' } })).toEqual([
      {
        path: 'styles.borders.width',
        message: 'Border width must be from 0 to 8 px: a number of pixels or a size in px, rem or em',
      },
    ]);
    expect(
      problems({ typography: { fontSizeBase: '24px', lineHeight: '1.75' }, spacing: { gap: '3rem' } }),
    ).toEqual([]);
  });
});
