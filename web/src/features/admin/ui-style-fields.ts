import type { UiStyles } from '@engine/ui-settings.ts';

/**
 * How the styles editor offers each setting of requirements §3: a choice of the tokens the app understands
 * (`ui-settings-css.ts` maps them to CSS), or a colour. Words here are for the screen only; what is valid
 * is the engine's rule (`cssTokenProblem`).
 */

export type StyleField =
  | { kind: 'choice'; label: string; options: readonly { value: string; label: string }[] }
  | { kind: 'color'; label: string };

type Section = keyof UiStyles;

const option = (value: string, label = value) => ({ value, label });

const RADIUS = [
  option('none', 'None'),
  option('sm', 'Small'),
  option('md', 'Medium'),
  option('lg', 'Large'),
  option('xl', 'Extra large'),
  option('2xl', '2× large'),
  option('full', 'Pill'),
];
const SPACING = ['0', '1', '2', '3', '4', '5', '6', '8'].map((value) =>
  option(value, `${value} · ${Number(value) * 4} px`),
);

export const STYLE_SECTIONS: readonly {
  key: Section;
  title: string;
  fields: Readonly<Record<string, StyleField>>;
}[] = [
  {
    key: 'borders',
    title: 'Borders',
    fields: {
      radius: { kind: 'choice', label: 'Corner radius', options: RADIUS },
      width: {
        kind: 'choice',
        label: 'Border width',
        options: ['0', '1', '2', '3', '4'].map((value) => option(value, `${value} px`)),
      },
      style: {
        kind: 'choice',
        label: 'Border style',
        options: [
          option('solid', 'Solid'),
          option('dashed', 'Dashed'),
          option('dotted', 'Dotted'),
          option('none', 'None'),
        ],
      },
    },
  },
  {
    key: 'typography',
    title: 'Typography',
    fields: {
      fontSizeBase: {
        kind: 'choice',
        label: 'Base font size',
        options: [
          option('sm', 'Small · 14 px'),
          option('base', 'Normal · 16 px'),
          option('lg', 'Large · 18 px'),
          option('xl', 'Extra large · 20 px'),
        ],
      },
      fontWeightNormal: {
        kind: 'choice',
        label: 'Text weight',
        options: [option('300', 'Light'), option('400', 'Regular'), option('500', 'Medium')],
      },
      fontWeightBold: {
        kind: 'choice',
        label: 'Heading weight',
        options: [
          option('500', 'Medium'),
          option('600', 'Semibold'),
          option('700', 'Bold'),
          option('800', 'Extra bold'),
        ],
      },
      lineHeight: {
        kind: 'choice',
        label: 'Line height',
        options: ['1.25', '1.4', '1.5', '1.6', '1.75'].map((value) => option(value)),
      },
    },
  },
  {
    key: 'spacing',
    title: 'Spacing',
    fields: {
      gap: { kind: 'choice', label: 'Gap', options: SPACING },
      padding: { kind: 'choice', label: 'Padding', options: SPACING },
      margin: { kind: 'choice', label: 'Margin', options: SPACING },
    },
  },
  {
    key: 'boxes',
    title: 'Boxes',
    fields: {
      height: {
        kind: 'choice',
        label: 'Box height',
        options: [option('auto', 'Fit content'), ...SPACING.slice(1)],
      },
      padding: { kind: 'choice', label: 'Box padding', options: SPACING },
      backgroundColor: { kind: 'color', label: 'Box background' },
      borderColor: { kind: 'color', label: 'Box border' },
    },
  },
  {
    key: 'components',
    title: 'Components',
    fields: {
      buttonRadius: { kind: 'choice', label: 'Button corners', options: RADIUS },
      inputRadius: { kind: 'choice', label: 'Input corners', options: RADIUS },
      cardRadius: { kind: 'choice', label: 'Card corners', options: RADIUS },
      checkboxRadius: { kind: 'choice', label: 'Checkbox corners', options: RADIUS },
    },
  },
  {
    key: 'buttons',
    title: 'Buttons',
    fields: {
      size: {
        kind: 'choice',
        label: 'Button size',
        options: [
          option('sm', 'Small'),
          option('md', 'Medium'),
          option('lg', 'Large'),
          option('xl', 'Extra large'),
        ],
      },
      primaryBackground: { kind: 'color', label: 'Primary background' },
      primaryTextColor: { kind: 'color', label: 'Primary text' },
      secondaryBackground: { kind: 'color', label: 'Secondary background' },
      secondaryTextColor: { kind: 'color', label: 'Secondary text' },
      iconButtonShape: {
        kind: 'choice',
        label: 'Icon button shape',
        options: [option('rounded', 'Rounded'), option('circle', 'Circle'), option('square', 'Square')],
      },
      iconButtonSize: {
        kind: 'choice',
        label: 'Icon button size',
        options: [option('sm', 'Small'), option('md', 'Medium'), option('lg', 'Large')],
      },
      shadow: {
        kind: 'choice',
        label: 'Shadow',
        options: [
          option('none', 'None'),
          option('sm', 'Small'),
          option('md', 'Medium'),
          option('lg', 'Large'),
        ],
      },
      hoverEffect: {
        kind: 'choice',
        label: 'Hover effect',
        options: [
          option('none', 'None'),
          option('darken', 'Darken'),
          option('lighten', 'Lighten'),
          option('scale', 'Grow'),
        ],
      },
    },
  },
];

/** The preview's own theme: the app's tokens re-pointed at the edited variables, so they apply inside it. */
export const PREVIEW_THEME_TOKENS: Readonly<Record<string, string>> = {
  '--primary': 'var(--ui-button-primary-background)',
  '--primary-foreground': 'var(--ui-button-primary-text)',
  '--secondary': 'var(--ui-button-secondary-background)',
  '--secondary-foreground': 'var(--ui-button-secondary-text)',
  '--card': 'var(--ui-box-background)',
  '--border': 'var(--ui-box-border-color)',
  '--radius': 'var(--ui-radius)',
};
