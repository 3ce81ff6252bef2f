import { z } from 'zod';
import { strictBody } from './admin-body.ts';
import { type UiStyles, uiStylesSchema } from './ui-settings.ts';
import { uiStyleLabel, uiStylesContrastProblems, uiStyleValueProblem } from './ui-style-values.ts';

/**
 * What PUT /api/admin/ui-settings accepts. The web turns every value into a CSS custom property on every
 * page, so a value must be one CSS token: a word, number, length, colour or a harmless function such as
 * rgb(). Anything that could end the declaration or fetch something (`;`, braces, quotes, `url(`,
 * comments, backslash escapes) is refused. Colours, sizes and colour pairs must also keep the app usable
 * (`ui-style-values.ts`, decision 101). Messages name the field as the editor labels it.
 */

export const CSS_TOKEN_MAX = 100;

const ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set([
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'hwb',
  'lab',
  'lch',
  'oklab',
  'oklch',
  'color',
  'color-mix',
  'calc',
  'min',
  'max',
  'clamp',
  'var',
]);

const TOKEN_CHARACTERS = /^[A-Za-z0-9#.%,()\s/+*-]+$/;

function parenthesesBalance(value: string): boolean {
  let depth = 0;
  for (const char of value) {
    if (char === '(') depth++;
    if (char === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

/** Why a style value is refused, as the end of a sentence, or null when it is a safe CSS token. */
export function cssTokenProblem(value: string): string | null {
  if (value === '') return 'must not be empty';
  if (value.length > CSS_TOKEN_MAX) return `must be at most ${CSS_TOKEN_MAX} characters`;
  if (!TOKEN_CHARACTERS.test(value)) {
    return 'may hold only letters, digits, spaces and # . % , ( ) / + * -';
  }
  if (value.includes('/*')) return 'must not hold a CSS comment';
  if (!parenthesesBalance(value)) return 'has unbalanced parentheses';
  for (const match of value.matchAll(/([A-Za-z-]*)\s*\(/g)) {
    const name = (match[1] ?? '').toLowerCase();
    if (name !== '' && !ALLOWED_FUNCTIONS.has(name)) return `must not use ${name}()`;
  }
  return null;
}

const styleValue = (section: string, key: string) => {
  const label = uiStyleLabel(section, key);
  return z.preprocess(
    (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
    z
      .string({ error: `${label} must be text` })
      .trim()
      .superRefine((value, ctx) => {
        const token = cssTokenProblem(value);
        const problem = token ? `${label} ${token}` : uiStyleValueProblem(section, key, value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  );
};

// Built from the styles schema of the requirements (§3), so a key added there is accepted (and checked) here at once.
const sections = Object.fromEntries(
  Object.entries(uiStylesSchema.shape).map(([section, schema]) => [
    section,
    z.strictObject(
      Object.fromEntries(Object.keys(schema.shape).map((key) => [key, styleValue(section, key)])),
      { error: (issue) => (issue.input === undefined ? `styles.${section} is required` : undefined) },
    ),
  ]),
);

/** Every section and key of the styles, each a safe CSS token. */
export const uiStylesInputSchema = z.strictObject(sections).superRefine((styles, ctx) => {
  for (const problem of uiStylesContrastProblems(styles as unknown as UiStyles)) {
    ctx.addIssue({ code: 'custom', path: [problem.section, problem.key], message: problem.message });
  }
}) as unknown as z.ZodType<UiStyles>;

/** The styles as the editor opened them: each value as the read gave it. */
const stylesBasedOnSchema = z.record(
  z.string(),
  z.record(z.string(), z.union([z.string(), z.number()]), {
    error: 'basedOn must hold each section as read',
  }),
  { error: 'basedOn must be the styles as the editor opened them' },
);

/** PUT /api/admin/ui-settings: the whole styles object, and optionally `basedOn`, the styles the editor opened. */
export const uiSettingsBodySchema = strictBody({
  styles: uiStylesInputSchema,
  basedOn: stylesBasedOnSchema.optional(),
});

/** The editor's labels of the values stored now that differ from those the editor opened. */
export function changedStyleLabels(
  basedOn: Readonly<Record<string, Readonly<Record<string, string | number>>>>,
  stored: UiStyles,
): string[] {
  const changed: string[] = [];
  for (const [section, values] of Object.entries(
    stored as unknown as Record<string, Record<string, unknown>>,
  )) {
    for (const [key, value] of Object.entries(values)) {
      if (String(basedOn[section]?.[key] ?? '') !== String(value)) changed.push(uiStyleLabel(section, key));
    }
  }
  return changed;
}
export type UiSettingsBody = z.infer<typeof uiSettingsBodySchema>;
