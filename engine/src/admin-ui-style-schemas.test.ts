import { describe, expect, test } from 'bun:test';
import { cssTokenProblem, uiSettingsBodySchema } from './admin-ui-style-schemas.ts';
import { DEFAULT_UI_STYLES } from './ui-settings.ts';

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
      'styles.buttons.primaryBackground may hold only letters, digits, spaces and # . % , ( ) / + * -',
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
