import { describe, expect, test } from 'bun:test';
import { DEFAULT_UI_STYLES } from '@engine/ui-settings.ts';
import { applyUiStyles, mergeUiStyles, uiStylesToCssVariables } from './ui-settings-css.ts';

describe('UI styles as CSS variables', () => {
  test('the defaults: radius lg, 2 px solid borders, base font, blue primary, small shadow, medium buttons', () => {
    const vars = uiStylesToCssVariables(DEFAULT_UI_STYLES);
    expect(vars['--ui-radius']).toBe('0.5rem');
    expect(vars['--ui-border-width']).toBe('2px');
    expect(vars['--ui-border-style']).toBe('solid');
    expect(vars['--ui-font-size-base']).toBe('1rem');
    expect(vars['--ui-button-primary-background']).toBe('#2563eb');
    expect(vars['--ui-button-primary-text']).toBe('#ffffff');
    expect(vars['--ui-button-shadow']).toBe('0 1px 2px 0 rgb(0 0 0 / 0.05)');
    expect(vars['--ui-button-height']).toBe('2.5rem');
    expect(vars['--ui-gap']).toBe('1rem');
    expect(vars['--ui-box-height']).toBe('auto');
    expect(vars['--ui-checkbox-radius']).toBe('0.25rem');
  });

  test('tokens map to CSS values; plain CSS lengths pass through', () => {
    const vars = uiStylesToCssVariables({
      borders: { radius: 'full', width: '1' },
      typography: { fontSizeBase: 'lg', fontWeightBold: 'bold' },
      spacing: { gap: '2', padding: '12px' },
      buttons: { size: 'lg', iconButtonShape: 'circle', shadow: 'none', hoverEffect: 'none' },
    });
    expect(vars['--ui-radius']).toBe('9999px');
    expect(vars['--ui-border-width']).toBe('1px');
    expect(vars['--ui-font-size-base']).toBe('1.125rem');
    expect(vars['--ui-font-weight-bold']).toBe('700');
    expect(vars['--ui-gap']).toBe('0.5rem');
    expect(vars['--ui-padding']).toBe('12px');
    expect(vars['--ui-button-height']).toBe('2.75rem');
    expect(vars['--ui-icon-button-radius']).toBe('9999px');
    // A zero shadow, not 'none', which would void the focus ring sharing the box-shadow list.
    expect(vars['--ui-button-shadow']).toBe('0 0 #0000');
    expect(vars['--ui-button-hover-filter']).toBe('none');
  });

  test('an unusable value falls back to the default instead of breaking the property', () => {
    const vars = uiStylesToCssVariables({
      borders: { radius: 'huge', width: 'thick;' },
      buttons: { primaryBackground: 'red; background: url(x)', size: 'gigantic' },
    });
    expect(vars['--ui-radius']).toBe('0.5rem');
    expect(vars['--ui-border-width']).toBe('2px');
    expect(vars['--ui-button-primary-background']).toBe('#2563eb');
    expect(vars['--ui-button-height']).toBe('2.5rem');
  });

  test('stored values the server now refuses fall back to the default: no colour, too large, viewport units', () => {
    const vars = uiStylesToCssVariables({
      typography: { fontSizeBase: '40px', lineHeight: '6' },
      spacing: { padding: '200px', gap: '60vw', margin: '100px' },
      boxes: { padding: '150px', height: '100vh', backgroundColor: 'notacolor', borderColor: 'transparent' },
      borders: { width: '30px', radius: '200px' },
      buttons: { primaryBackground: 'notacolor', primaryTextColor: 'rgb(300 0 0)' },
    });
    expect(vars['--ui-font-size-base']).toBe('1rem');
    expect(vars['--ui-line-height']).toBe('1.5');
    expect(vars['--ui-padding']).toBe('1rem');
    expect(vars['--ui-gap']).toBe('1rem');
    expect(vars['--ui-margin']).toBe('1rem');
    expect(vars['--ui-box-padding']).toBe('1rem');
    expect(vars['--ui-box-height']).toBe('auto');
    expect(vars['--ui-box-background']).toBe('#ffffff');
    expect(vars['--ui-box-border-color']).toBe('#e5e7eb');
    expect(vars['--ui-border-width']).toBe('2px');
    expect(vars['--ui-radius']).toBe('0.5rem');
    expect(vars['--ui-button-primary-background']).toBe('#2563eb');
    expect(vars['--ui-button-primary-text']).toBe('#ffffff');
  });

  test('a name every object has (constructor, toString…) is no value: every field falls back to the default', () => {
    const defaults = uiStylesToCssVariables(DEFAULT_UI_STYLES);
    for (const name of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__']) {
      const vars = uiStylesToCssVariables({
        borders: { radius: name, style: name },
        typography: { fontSizeBase: name, fontWeightNormal: name, fontWeightBold: name },
        boxes: { height: name },
        components: { buttonRadius: name, inputRadius: name, cardRadius: name, checkboxRadius: name },
        buttons: { size: name, hoverEffect: name, shadow: name, iconButtonShape: name, iconButtonSize: name },
      });
      expect([name, vars]).toEqual([name, defaults]);
    }
  });

  test('colours the engine accepts pass through: hex, rgb(), hsl() and named colours', () => {
    const vars = uiStylesToCssVariables({
      boxes: { backgroundColor: 'ivory', borderColor: 'hsl(220 13% 91%)', padding: '48px' },
      buttons: { primaryBackground: 'rgb(21 128 61)', primaryTextColor: '#fff' },
    });
    expect(vars['--ui-box-background']).toBe('ivory');
    expect(vars['--ui-box-border-color']).toBe('hsl(220 13% 91%)');
    expect(vars['--ui-box-padding']).toBe('48px');
    expect(vars['--ui-button-primary-background']).toBe('rgb(21 128 61)');
    expect(vars['--ui-button-primary-text']).toBe('#fff');
  });

  test('saved sections merge over the defaults field by field; blanks keep the default', () => {
    const merged = mergeUiStyles({ buttons: { primaryBackground: '#16a34a', size: '' }, boxes: null });
    expect(merged.buttons.primaryBackground).toBe('#16a34a');
    expect(merged.buttons.size).toBe('md');
    expect(merged.boxes).toEqual(DEFAULT_UI_STYLES.boxes);
    expect(mergeUiStyles(undefined)).toEqual(DEFAULT_UI_STYLES);
  });

  test('applyUiStyles writes every variable on the root element', () => {
    const root = document.createElement('div');
    applyUiStyles({ buttons: { primaryBackground: 'rgb(21 128 61)' } }, root);
    expect(root.style.getPropertyValue('--ui-button-primary-background')).toBe('rgb(21 128 61)');
    expect(root.style.getPropertyValue('--ui-radius')).toBe('0.5rem');

    applyUiStyles(null);
    expect(document.documentElement.style.getPropertyValue('--ui-card-radius')).toBe('0.5rem');
  });
});
