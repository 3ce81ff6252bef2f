import type { UiStyles } from '@engine/ui-settings.ts';
import { UI_STYLE_LABELS as LABELS } from '@engine/ui-style-values.ts';

/**
 * How the styles editor offers each setting of requirements §3: a choice of the tokens the app understands
 * (`ui-settings-css.ts` maps them to CSS), or a colour. The labels are the engine's, so the server's messages
 * name a field as the screen does; what is valid is the engine's rule (`uiSettingsBodySchema`).
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
      radius: { kind: 'choice', label: LABELS.borders.radius, options: RADIUS },
      width: {
        kind: 'choice',
        label: LABELS.borders.width,
        options: ['0', '1', '2', '3', '4'].map((value) => option(value, `${value} px`)),
      },
      style: {
        kind: 'choice',
        label: LABELS.borders.style,
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
        label: LABELS.typography.fontSizeBase,
        options: [
          option('sm', 'Small · 14 px'),
          option('base', 'Normal · 16 px'),
          option('lg', 'Large · 18 px'),
          option('xl', 'Extra large · 20 px'),
        ],
      },
      fontWeightNormal: {
        kind: 'choice',
        label: LABELS.typography.fontWeightNormal,
        options: [option('300', 'Light'), option('400', 'Regular'), option('500', 'Medium')],
      },
      fontWeightBold: {
        kind: 'choice',
        label: LABELS.typography.fontWeightBold,
        options: [
          option('500', 'Medium'),
          option('600', 'Semibold'),
          option('700', 'Bold'),
          option('800', 'Extra bold'),
        ],
      },
      lineHeight: {
        kind: 'choice',
        label: LABELS.typography.lineHeight,
        options: ['1.25', '1.4', '1.5', '1.6', '1.75'].map((value) => option(value)),
      },
    },
  },
  {
    key: 'spacing',
    title: 'Spacing',
    fields: {
      gap: { kind: 'choice', label: LABELS.spacing.gap, options: SPACING },
      padding: { kind: 'choice', label: LABELS.spacing.padding, options: SPACING },
      margin: { kind: 'choice', label: LABELS.spacing.margin, options: SPACING },
    },
  },
  {
    key: 'boxes',
    title: 'Boxes',
    fields: {
      height: {
        kind: 'choice',
        label: LABELS.boxes.height,
        options: [option('auto', 'Fit content'), ...SPACING.slice(1)],
      },
      padding: { kind: 'choice', label: LABELS.boxes.padding, options: SPACING },
      backgroundColor: { kind: 'color', label: LABELS.boxes.backgroundColor },
      borderColor: { kind: 'color', label: LABELS.boxes.borderColor },
    },
  },
  {
    key: 'components',
    title: 'Components',
    fields: {
      buttonRadius: { kind: 'choice', label: LABELS.components.buttonRadius, options: RADIUS },
      inputRadius: { kind: 'choice', label: LABELS.components.inputRadius, options: RADIUS },
      cardRadius: { kind: 'choice', label: LABELS.components.cardRadius, options: RADIUS },
      checkboxRadius: { kind: 'choice', label: LABELS.components.checkboxRadius, options: RADIUS },
    },
  },
  {
    key: 'buttons',
    title: 'Buttons',
    fields: {
      size: {
        kind: 'choice',
        label: LABELS.buttons.size,
        options: [
          option('sm', 'Small'),
          option('md', 'Medium'),
          option('lg', 'Large'),
          option('xl', 'Extra large'),
        ],
      },
      primaryBackground: { kind: 'color', label: LABELS.buttons.primaryBackground },
      primaryTextColor: { kind: 'color', label: LABELS.buttons.primaryTextColor },
      secondaryBackground: { kind: 'color', label: LABELS.buttons.secondaryBackground },
      secondaryTextColor: { kind: 'color', label: LABELS.buttons.secondaryTextColor },
      iconButtonShape: {
        kind: 'choice',
        label: LABELS.buttons.iconButtonShape,
        options: [option('rounded', 'Rounded'), option('circle', 'Circle'), option('square', 'Square')],
      },
      iconButtonSize: {
        kind: 'choice',
        label: LABELS.buttons.iconButtonSize,
        options: [option('sm', 'Small'), option('md', 'Medium'), option('lg', 'Large')],
      },
      shadow: {
        kind: 'choice',
        label: LABELS.buttons.shadow,
        options: [
          option('none', 'None'),
          option('sm', 'Small'),
          option('md', 'Medium'),
          option('lg', 'Large'),
        ],
      },
      hoverEffect: {
        kind: 'choice',
        label: LABELS.buttons.hoverEffect,
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
