import { z } from 'zod';

/** UI styles of requirements §3, stored as the `ui_styles` setting and applied by the web as CSS variables. */
export const uiStylesSchema = z.object({
  borders: z.object({ radius: z.string(), width: z.string(), style: z.string() }),
  typography: z.object({
    fontSizeBase: z.string(),
    fontWeightNormal: z.string(),
    fontWeightBold: z.string(),
    lineHeight: z.string(),
  }),
  spacing: z.object({ gap: z.string(), padding: z.string(), margin: z.string() }),
  boxes: z.object({
    height: z.string(),
    padding: z.string(),
    backgroundColor: z.string(),
    borderColor: z.string(),
  }),
  components: z.object({
    buttonRadius: z.string(),
    inputRadius: z.string(),
    cardRadius: z.string(),
    checkboxRadius: z.string(),
  }),
  buttons: z.object({
    size: z.string(),
    primaryBackground: z.string(),
    primaryTextColor: z.string(),
    secondaryBackground: z.string(),
    secondaryTextColor: z.string(),
    iconButtonShape: z.string(),
    iconButtonSize: z.string(),
    shadow: z.string(),
    hoverEffect: z.string(),
  }),
});
export type UiStyles = z.infer<typeof uiStylesSchema>;

export const uiSettingsResponseSchema = z.object({ styles: uiStylesSchema });
export type UiSettingsResponse = z.infer<typeof uiSettingsResponseSchema>;

/**
 * GET /api/admin/ui-settings as a client reads it: the server answers every section complete, but a client
 * must not break on styles saved before a field existed, so each section is partial and the client merges
 * what it gets over the defaults again.
 */
const { shape } = uiStylesSchema;
export const uiSettingsReadSchema = z.object({
  styles: z
    .object({
      borders: shape.borders.partial().optional(),
      typography: shape.typography.partial().optional(),
      spacing: shape.spacing.partial().optional(),
      boxes: shape.boxes.partial().optional(),
      components: shape.components.partial().optional(),
      buttons: shape.buttons.partial().optional(),
    })
    .nullish(),
});
export type UiSettingsRead = z.infer<typeof uiSettingsReadSchema>;

/** Requirements §9 defaults: radius lg, border width 2, solid, base font, blue primary buttons, small shadow, medium size. */
export const DEFAULT_UI_STYLES: UiStyles = {
  borders: { radius: 'lg', width: '2', style: 'solid' },
  typography: { fontSizeBase: 'base', fontWeightNormal: '400', fontWeightBold: '600', lineHeight: '1.5' },
  spacing: { gap: '4', padding: '4', margin: '4' },
  boxes: { height: 'auto', padding: '4', backgroundColor: '#ffffff', borderColor: '#e5e7eb' },
  components: { buttonRadius: 'lg', inputRadius: 'lg', cardRadius: 'lg', checkboxRadius: 'sm' },
  buttons: {
    size: 'md',
    primaryBackground: '#2563eb',
    primaryTextColor: '#ffffff',
    secondaryBackground: '#f3f4f6',
    secondaryTextColor: '#111827',
    iconButtonShape: 'rounded',
    iconButtonSize: 'md',
    shadow: 'sm',
    hoverEffect: 'darken',
  },
};
