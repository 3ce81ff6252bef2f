import { z } from 'zod';

/**
 * Text as people type it. PostgreSQL cannot store a NUL character, and a lone UTF-16 surrogate (half of an
 * emoji, cut by a bad copy or a broken client) is not text at all: both used to reach the database and
 * fail there. Control characters are refused too where a person never types them (every single-line
 * field); multi-line fields keep tabs and line breaks.
 */

export interface TextCharacters {
  /** Tabs and line breaks are allowed (notes, comments, CSV files). */
  multiline?: boolean;
}

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

type Flaw = 'nul' | 'surrogate' | 'control' | null;

// One pass over UTF-16 units: a high surrogate must be followed by a low one, a low one preceded by a high.
function firstFlaw(value: string, multiline: boolean): Flaw {
  let control = false;
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit === 0) return 'nul';
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return 'surrogate';
      i++;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return 'surrogate';
    } else if (unit < 0x20 || unit === 0x7f) {
      const allowed = multiline && (unit === TAB || unit === LINE_FEED || unit === CARRIAGE_RETURN);
      if (!allowed) control = true;
    }
  }
  return control ? 'control' : null;
}

/** Why text cannot be stored as typed, finishing a sentence that starts with the field's name; or null. */
export function characterProblem(value: string, rule: TextCharacters = {}): string | null {
  switch (firstFlaw(value, rule.multiline ?? false)) {
    case 'nul':
      return 'contains a NUL character, which cannot be stored; remove it';
    case 'surrogate':
      return 'contains a broken character (half of an emoji or symbol); retype it';
    case 'control':
      return rule.multiline
        ? 'contains an invisible control character; remove it'
        : 'contains a line break or an invisible control character; remove it';
    default:
      return null;
  }
}

export interface TextRule extends TextCharacters {
  /** Longest accepted length after trimming, in UTF-16 units as JavaScript counts them. */
  max: number;
  /** Refuse empty text (after trimming). */
  required?: boolean;
  /** Keep surrounding spaces (passwords); trimmed otherwise. */
  keepSpaces?: boolean;
  /** Messages the screens already show; each defaults to a sentence naming the field. */
  messages?: { type?: string; empty?: string; tooLong?: string };
}

/**
 * A text field named `label` as the screen names it: trimmed, its characters checked, then its length.
 * The character check aborts, so a NUL in an over-long value is named, not its length.
 */
export function text(label: string, rule: TextRule) {
  const messages = rule.messages ?? {};
  const base = z.string({ error: messages.type ?? `${label} must be text` });
  let schema = (rule.keepSpaces ? base : base.trim()).superRefine((value, ctx) => {
    const problem = characterProblem(value, rule);
    if (problem) ctx.addIssue({ code: 'custom', message: `${label} ${problem}`, continue: false });
  });
  if (rule.required) {
    schema = schema.min(1, { error: messages.empty ?? `${label} must not be empty`, abort: true });
  }
  return schema.max(rule.max, messages.tooLong ?? `${label} must be at most ${rule.max} characters`);
}

/** A refinement for schemas that shape their text themselves (regexes, enums): only the characters. */
export function refuseUnsafeCharacters(label: string, rule: TextCharacters = {}) {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = characterProblem(value, rule);
    if (problem) ctx.addIssue({ code: 'custom', message: `${label} ${problem}`, continue: false });
  };
}
