import { z } from 'zod';
import { strictBody } from './admin-body.ts';
import { MAX_INTEGER, wholeNumber } from './input/quantity.ts';
import { bodyId } from './input/record-id.ts';
import { refuseUnsafeCharacters, text } from './input/text.ts';

/**
 * The header's tab tree as an administrator arranges it (admin/ui): order, visibility, parent, name and
 * icon of every tab. Keys and permissions are fixed: they tie tabs to routes and access.
 */

const TAB_NAME_MAX = 60;
const SVG_MAX = 10_000;
const SHORT_TEXT_MAX = 4;

const LUCIDE_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** An element's opening tag, with or without a namespace prefix: `<x:script>` runs where x names HTML's. */
const element = (names: string) => new RegExp(`<\\s*(?:[\\w.-]+:)?(?:${names})`, 'i');

// An icon is rendered in everyone's header. The web sanitises inline SVG as well; refusing here keeps
// anything active out of the database in the first place.
const SVG_FORBIDDEN: readonly { pattern: RegExp; reason: string }[] = [
  { pattern: element('script'), reason: 'a <script> element' },
  { pattern: element('foreignobject'), reason: 'a <foreignObject> element' },
  { pattern: /http:\/\/www\.w3\.org\/1999\/xhtml/i, reason: 'HTML elements (the XHTML namespace)' },
  { pattern: /<\s*!\s*(doctype|entity)/i, reason: 'a DOCTYPE or ENTITY declaration' },
  { pattern: /[\s/"']on[a-z]+\s*=/i, reason: 'an on… event attribute' },
  { pattern: /javascript\s*:/i, reason: 'a javascript: link' },
  { pattern: /\bdata\s*:/i, reason: 'a data: link' },
  { pattern: /(?:xlink:)?href\s*=\s*["']?\s*[^"'#\s]/i, reason: 'a link outside the icon' },
  // The web's sanitiser drops these too; refusing them here keeps a stored icon safe for any later reader.
  { pattern: /&#/, reason: 'a character reference (&#…;), which can hide a link' },
  {
    pattern: element('(set|animate\\w*)\\b'),
    reason: 'an animation element (<set>, <animate>), which can change a link',
  },
  { pattern: element('a[\\s>/]'), reason: 'an <a> link element' },
  { pattern: element('style'), reason: 'a <style> element' },
  { pattern: element('(image|iframe|embed|object)\\b'), reason: 'an embedded image or document' },
  {
    pattern: /@import|url\s*\(\s*["']?\s*[^"'#\s)]/i,
    reason: 'a style that loads something from outside the icon',
  },
];

/** Why a tab icon is refused, or null when it is a Lucide name, short text or a plain inline SVG. */
export function tabIconProblem(icon: string): string | null {
  const value = icon.trim();
  if (/^<svg[\s>]/i.test(value)) {
    if (value.length > SVG_MAX) return `An SVG icon must be at most ${SVG_MAX} characters`;
    if (!/<\/svg>$/i.test(value)) return 'An SVG icon must end with </svg>';
    const found = SVG_FORBIDDEN.find(({ pattern }) => pattern.test(value));
    return found ? `An SVG icon must not contain ${found.reason}` : null;
  }
  if (LUCIDE_NAME.test(value) && value.length <= 64) return null;
  if ([...value].length <= SHORT_TEXT_MAX && !/[<>&"'`\\]/.test(value)) return null;
  return `An icon must be a Lucide icon name (like "shopping-cart"), up to ${SHORT_TEXT_MAX} characters of text, or an <svg> image`;
}

const tabIcon = z
  .string({ error: 'icon must be text or null' })
  .trim()
  .superRefine(refuseUnsafeCharacters('Icon', { multiline: true }))
  .superRefine((value, ctx) => {
    if (value === '') return;
    const problem = tabIconProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .nullable()
  .transform((value) => (value === '' ? null : value));

export const tabUpdateEntrySchema = z.object({
  id: bodyId('id', { type: 'id must be a number' }),
  tabName: text('Tab name', {
    required: true,
    max: TAB_NAME_MAX,
    messages: {
      type: 'tabName must be text',
      empty: 'A tab name must not be empty',
      tooLong: `A tab name must be at most ${TAB_NAME_MAX} characters`,
    },
  }),
  icon: tabIcon,
  parentId: bodyId('parentId', { type: 'parentId must be a number or null' }).nullable(),
  isVisible: z.boolean({ error: 'isVisible must be true or false' }),
  displayOrder: wholeNumber('displayOrder', {
    min: -MAX_INTEGER,
    max: MAX_INTEGER,
    messages: { notWhole: 'displayOrder must be a whole number' },
  }),
});
export type TabUpdateEntry = z.output<typeof tabUpdateEntrySchema>;

/** A tab as the editor opened it: what the read gave, checked only for its shape. */
const tabAsReadSchema = z.object({
  id: z.number(),
  tabName: z.string(),
  icon: z.string().nullable(),
  parentId: z.number().nullable(),
  isVisible: z.boolean(),
  displayOrder: z.number(),
});
type TabAsRead = z.infer<typeof tabAsReadSchema>;

/**
 * PUT /api/admin/tab-display-order: every tab; fields the GET returns but that are fixed are ignored. `basedOn`, the
 * tabs as the editor opened them, is optional.
 */
export const tabDisplayOrderBodySchema = strictBody({
  tabs: z
    .array(tabUpdateEntrySchema, { error: 'tabs must be a list' })
    .max(500, 'tabs may hold at most 500 entries'),
  basedOn: z
    .array(tabAsReadSchema, { error: 'basedOn must be the tabs as the editor opened them' })
    .max(500, 'basedOn may hold at most 500 entries')
    .optional(),
});

/** The names of the stored tabs that differ from the editor's opened copy in name, icon, place or visibility. */
export function changedTabNames(basedOn: readonly TabAsRead[], stored: readonly TabAsRead[]): string[] {
  const opened = new Map(basedOn.map((tab) => [tab.id, tab]));
  return stored
    .filter((tab) => {
      const was = opened.get(tab.id);
      return (
        !was ||
        was.tabName !== tab.tabName ||
        (was.icon ?? null) !== (tab.icon ?? null) ||
        was.parentId !== tab.parentId ||
        was.isVisible !== tab.isVisible ||
        was.displayOrder !== tab.displayOrder
      );
    })
    .map((tab) => tab.tabName);
}
export type TabDisplayOrderBody = z.input<typeof tabDisplayOrderBodySchema>;

/**
 * The tree rules against the tabs that exist: every tab exactly once, parents that exist, and one level of
 * nesting (a parent is itself at the top), which also rules out cycles. Returns every problem.
 */
export function tabTreeProblems(existingIds: readonly number[], tabs: readonly TabUpdateEntry[]): string[] {
  const problems: string[] = [];
  const known = new Set(existingIds);
  const seen = new Set<number>();
  for (const tab of tabs) {
    if (!known.has(tab.id)) problems.push(`Unknown tab id ${tab.id}`);
    else if (seen.has(tab.id)) problems.push(`Tab ${tab.id} is listed twice`);
    seen.add(tab.id);
  }
  const missing = existingIds.filter((id) => !seen.has(id));
  if (missing.length > 0) problems.push(`Every tab must be sent; missing ids: ${missing.join(', ')}`);

  const parentOf = new Map(tabs.map((tab) => [tab.id, tab.parentId]));
  for (const tab of tabs) {
    if (tab.parentId === null) continue;
    if (tab.parentId === tab.id) problems.push(`Tab ${tab.id} cannot be its own parent`);
    else if (!parentOf.has(tab.parentId))
      problems.push(`Tab ${tab.id} has an unknown parent ${tab.parentId}`);
    else if (parentOf.get(tab.parentId) !== null) {
      problems.push(`Tab ${tab.id} cannot sit under tab ${tab.parentId}, which is itself inside another tab`);
    }
  }
  return problems;
}
