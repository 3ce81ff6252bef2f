import { z } from 'zod';

/**
 * Numbers people type as quantities and amounts. JSON already refuses NaN and Infinity; what remains is
 * the range and the precision the database keeps, which must refuse a value rather than round it away
 * (5e-324 used to pass "at most 2 decimals" and reach a `quantity > 0` constraint as 0).
 */

/** Whether a number is exactly a whole number of cents (what numeric(…, 2) stores without rounding). */
export function isWholeCents(value: number): boolean {
  // Division is correctly rounded, so a value typed with two decimals comes back exactly; any other does not.
  return Number.isFinite(value) && Math.round(value * 100) / 100 === value;
}

/** Why a quantity counted in quarters cannot be stored, finishing a sentence that names it; or null. */
export function quarterQuantityProblem(value: number, max: number): string | null {
  if (!Number.isFinite(value)) return 'must be a number';
  if (value < 0) return 'cannot be negative';
  if (value > max) return `must be at most ${max.toLocaleString('en-US')}`;
  // Quarters are exact in binary floating point, so this test has no rounding slack to worry about.
  if (!Number.isInteger(value * 4)) return 'must be a whole number or end in .25, .5 or .75';
  return null;
}

/** Why an amount in cents (a cost, a stock cap) cannot be stored, as the end of a sentence; or null. */
export function centsAmountProblem(value: number, max: number): string | null {
  if (!Number.isFinite(value)) return 'must be a number';
  if (value < 0) return 'must be 0 or more';
  if (value > max) return `must be at most ${max}`;
  if (!isWholeCents(value)) return 'must have at most 2 decimal places';
  return null;
}

export interface WholeNumberRule {
  min: number;
  max: number;
  messages?: { type?: string; notWhole?: string; tooSmall?: string; tooLarge?: string };
}

/** A whole number in a JSON body within bounds the database column holds (display orders, versions). */
export function wholeNumber(label: string, rule: WholeNumberRule) {
  const messages = rule.messages ?? {};
  return z
    .number({ error: messages.type ?? `${label} must be a number` })
    .int(messages.notWhole ?? `${label} must be a whole number`)
    .min(rule.min, messages.tooSmall ?? `${label} must be at least ${rule.min}`)
    .max(rule.max, messages.tooLarge ?? `${label} must be at most ${rule.max}`);
}

/** The largest value of a PostgreSQL `integer` column. */
export const MAX_INTEGER = 2_147_483_647;

/** What a person typed into a quantity field: nothing, a plain decimal, or why it is not one. */
export type TypedDecimal =
  | { kind: 'empty' }
  | { kind: 'number'; value: number }
  | { kind: 'not-a-number' }
  /** A plain decimal with a minus sign: a number, but never a quantity, a count or a price. */
  | { kind: 'negative'; value: number }
  | { kind: 'ambiguous-comma'; message: string };

/**
 * Reads typed text as digits with at most one decimal point or decimal comma (phones in many regions type the
 * comma). `Number()` alone would also take hex, binary, exponents and signs ('0x10' is 16), so only plain
 * decimals pass. The app shows large figures with a thousands comma ('2,500'), so a comma before exactly three
 * digits may be copied from the screen: it is refused rather than read a thousand times too small. With no
 * digit other than 0 before it ('0,250', ',250') the comma can only be the decimal mark.
 */
export function readTypedDecimal(text: string): TypedDecimal {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  if (/^-\s*\d/.test(trimmed) || /^-\s*[.,]\d/.test(trimmed)) {
    const rest = readTypedDecimal(trimmed.replace(/^-\s*/, ''));
    return rest.kind === 'number' ? { kind: 'negative', value: -rest.value } : rest;
  }
  const match = /^(\d*)(?:([.,])(\d*))?$/.exec(trimmed);
  const whole = match?.[1] ?? '';
  const fraction = match?.[3] ?? '';
  if (!match || (whole === '' && fraction === '')) return { kind: 'not-a-number' };
  if (match[2] === ',' && fraction.length === 3 && /[1-9]/.test(whole)) {
    const thousands = Number(`${whole}${fraction}`);
    const decimal = Number(`${whole}.${fraction}`);
    return {
      kind: 'ambiguous-comma',
      message: `Write ${thousands} or ${decimal}: a comma before three digits could mean either`,
    };
  }
  return { kind: 'number', value: Number(`${whole}.${fraction}`) };
}
