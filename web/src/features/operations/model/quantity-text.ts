import { MAX_COUNT, quantityProblem } from '@engine/counting-schemas.ts';
import { readTypedDecimal } from '@engine/input/quantity.ts';

export type ParsedQuantity = { ok: true; value: number | null } | { ok: false; message: string };

/** Why a number cannot be stored, finishing "The number …", or null when it can. */
export type QuantityRule = (value: number) => string | null;

/** Counts and PARs: quarters from 0 up to a limit (the engine's rule). */
export const quarterRule =
  (max: number = MAX_COUNT): QuantityRule =>
  (value) =>
    quantityProblem(value, max);

/**
 * Reads what was typed into a quantity field: empty is "not counted", only a plain decimal is a number (a comma
 * works as the decimal point, as phones in many locales type it, unless it could be a thousands separator), and
 * the engine's rule decides what can be stored.
 */
export function parseQuantityText(text: string, rule: QuantityRule = quarterRule()): ParsedQuantity {
  const typed = readTypedDecimal(text);
  if (typed.kind === 'empty') return { ok: true, value: null };
  if (typed.kind === 'ambiguous-comma') return { ok: false, message: typed.message };
  if (typed.kind === 'negative') return { ok: false, message: 'The number can’t be negative' };
  if (typed.kind === 'not-a-number') return { ok: false, message: 'Enter a number' };
  const value = typed.value;
  const problem = rule(value);
  if (problem) return { ok: false, message: `The number ${problem}` };
  return { ok: true, value };
}

export function formatQuantity(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** The − and + buttons: whole steps, never below 0 or above the limit; an empty field starts from 0. */
export function stepQuantity(value: number | null, delta: number, max: number = MAX_COUNT): number {
  return Math.min(max, Math.max(0, (value ?? 0) + delta));
}
