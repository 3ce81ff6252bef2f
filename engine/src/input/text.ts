import { z } from 'zod';

/**
 * Text as people type it. PostgreSQL cannot store a NUL character, and a lone UTF-16 surrogate (half of an
 * emoji, cut by a bad copy or a broken client) is not text at all: both used to reach the database and
 * fail there. Control characters are refused too where a person never types them (every single-line
 * field); multi-line fields keep tabs and line breaks.
 *
 * Names are compared as people read them (docs/decisions/105): text is stored in NFC, so "é" typed as one
 * character and as "e" plus an accent is one name, and a single-line field refuses the invisible format
 * characters that make two names look alike (a zero-width space) or text read other than it is stored (a
 * right-to-left override). Zero-width joiners and non-joiners stay: Persian and Indic words and emoji
 * sequences such as 👨‍👩‍👧 need them. Multi-line text refuses only the direction overrides and isolates.
 */

export interface TextCharacters {
  /** Tabs and line breaks are allowed (notes, comments, CSV files); of the format characters only the direction overrides are refused. */
  multiline?: boolean;
  /**
   * Compared with stored text exactly (passwords, the name of a record as the server listed it): not
   * normalised, and invisible format characters allowed, so a value stored before the rule still matches.
   */
  verbatim?: boolean;
}

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** Format characters that draw nothing (or reorder what is drawn): a name that looks like another. */
const INVISIBLE = /[\u00ad\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;
// Embeddings, overrides and isolates change the order text is shown in: refused even in notes.
const DIRECTION_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;

/**
 * Text with nothing to see: spaces, line breaks and format characters only (joiners included). A comment of a
 * zero-width space is no comment: where a reason is required, it must be refused as an empty one would be.
 */
const NOTHING_TO_SEE = /^[\s\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]*$/;

/** What people can look the character up by. */
function invisibleName(unit: number): string {
  if (unit === 0x200b) return 'zero-width space';
  if (unit === 0xfeff) return 'zero-width no-break space';
  if (unit === 0x00ad) return 'soft hyphen';
  return DIRECTION_CONTROL.test(String.fromCharCode(unit))
    ? 'text direction control'
    : 'invisible format character';
}

type Flaw = 'nul' | 'surrogate' | 'control' | { invisible: number } | null;

// One pass over UTF-16 units: a high surrogate must be followed by a low one, a low one preceded by a high.
function firstFlaw(value: string, rule: TextCharacters): Flaw {
  const multiline = rule.multiline ?? false;
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
  if (control) return 'control';
  // Every format character above is one UTF-16 unit, so the first match is the character to name.
  const invisible = rule.verbatim ? -1 : value.search(multiline ? DIRECTION_CONTROL : INVISIBLE);
  return invisible < 0 ? null : { invisible: value.charCodeAt(invisible) };
}

/** "U+200B zero-width space" */
function describeCharacter(unit: number): string {
  return `U+${unit.toString(16).toUpperCase().padStart(4, '0')} ${invisibleName(unit)}`;
}

/** Why text cannot be stored as typed, finishing a sentence that starts with the field's name; or null. */
export function characterProblem(value: string, rule: TextCharacters = {}): string | null {
  const flaw = firstFlaw(value, rule);
  switch (flaw) {
    case null:
      return null;
    case 'nul':
      return 'contains a NUL character, which cannot be stored; remove it';
    case 'surrogate':
      return 'contains a broken character (half of an emoji or symbol); retype it';
    case 'control':
      return rule.multiline
        ? 'contains an invisible control character; remove it'
        : 'contains a line break or an invisible control character; remove it';
    default:
      return `holds an invisible character (${describeCharacter(flaw.invisible)}); type it again without it`;
  }
}

/**
 * Text as it is stored and compared: trimmed and in NFC. For readers that do not go through `text()` (the
 * cells of a CSV file), so a file and a form store the same name the same way.
 */
export function storedText(value: string): string {
  return value.trim().normalize('NFC');
}

export interface TextRule extends TextCharacters {
  /** Longest accepted length after trimming, in UTF-16 units as JavaScript counts them. */
  max: number;
  /** Refuse empty text (after trimming). */
  required?: boolean;
  /** Keep surrounding spaces (passwords), which also keeps the text verbatim; trimmed otherwise. */
  keepSpaces?: boolean;
  /** Messages the screens already show; each defaults to a sentence naming the field. */
  messages?: { type?: string; empty?: string; tooLong?: string };
}

/**
 * A text field named `label` as the screen names it: trimmed, put in NFC, its characters checked, then its
 * length. The character check aborts, so a NUL in an over-long value is named, not its length.
 */
export function text(label: string, rule: TextRule) {
  const messages = rule.messages ?? {};
  const verbatim = rule.verbatim ?? rule.keepSpaces ?? false;
  const characters: TextCharacters = { multiline: rule.multiline, verbatim };
  const base = z.string({ error: messages.type ?? `${label} must be text` });
  const trimmed = rule.keepSpaces ? base : base.trim();
  // Kept as typed when verbatim; otherwise text with nothing to see is empty (and then refused where required).
  const shown = verbatim
    ? trimmed
    : trimmed.normalize('NFC').overwrite((value) => (NOTHING_TO_SEE.test(value) ? '' : value));
  let schema = shown.superRefine((value, ctx) => {
    const problem = characterProblem(value, characters);
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
