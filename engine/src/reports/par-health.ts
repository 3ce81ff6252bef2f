/**
 * PAR health: how a café's PAR for a product compares with what the café actually uses, and the PAR its
 * recent usage suggests (decision 033). The database aggregates usage over the range's measured intervals
 * (the usage report's definition); these rules turn one such aggregate into a verdict and a suggestion.
 */
import { MAX_PAR } from '../par-import-rows.ts';
import { roundQuantity } from './report-measures.ts';

/** Days between two orders: cafés order weekly, and a full count is due weekly (decision 032). */
export const ORDER_CYCLE_DAYS = 7;
/** Days of usage a suggested PAR covers: one order cycle plus three days for a late or short delivery. */
export const PAR_TARGET_COVER_DAYS = 10;
/** A PAR covering more than this many order cycles holds stock that sits on the shelf. */
export const PAR_TOO_HIGH_CYCLES = 3;
/** Measured days needed before usage says anything: one full order cycle. */
export const PAR_MIN_DAYS_MEASURED = ORDER_CYCLE_DAYS;

export const PAR_VERDICTS = ['too low', 'too high', 'check counts', 'ok', 'not measured', 'retired'] as const;
export type ParVerdict = (typeof PAR_VERDICTS)[number];

export interface ParHealthInputs {
  par: number;
  /** Σ usage over the measured intervals (previous count + received − count). */
  usage: number | null;
  /** Σ days of those intervals, to the hundredth; null or 0 when none was measured. */
  daysMeasured: number | null;
  /** The product is retired, or discontinued at this café: it leaves suggestions. */
  retired: boolean;
  /** The product's maximum stock quantity, if it has one. */
  maximumStock: number | null;
}

export interface ParHealth {
  averageDailyUsage: number | null;
  daysOfCover: number | null;
  verdict: ParVerdict;
  suggestedPar: number | null;
  /** The suggestion was cut to the product's maximum stock (or the largest PAR there is). */
  capped: boolean;
}

/** Up to the next quarter (PARs are kept in quarters); a hair of float noise does not push it up one. */
export function roundUpToQuarter(value: number): number {
  return Math.ceil(Math.round(value * 4 * 1e6) / 1e6) / 4;
}

/** Average daily usage: Σ usage ÷ Σ days of the measured intervals (a long interval weighs more). */
export function averageDailyUsage(usage: number | null, daysMeasured: number | null): number | null {
  if (usage === null || daysMeasured === null || daysMeasured <= 0) return null;
  return roundQuantity(usage / daysMeasured);
}

/**
 * The suggested PAR: average daily usage × PAR_TARGET_COVER_DAYS, up to the quarter, capped at the product's
 * maximum stock and at MAX_PAR. None without a usage to go by (not measured, below zero) or for a retired
 * product.
 */
export function suggestedParOf(
  average: number | null,
  maximumStock: number | null,
  retired: boolean,
): { suggestedPar: number | null; capped: boolean } {
  if (retired || average === null || average < 0) return { suggestedPar: null, capped: false };
  const wanted = roundUpToQuarter(average * PAR_TARGET_COVER_DAYS);
  const cap = Math.min(maximumStock ?? MAX_PAR, MAX_PAR);
  // A cap between quarters: the largest quarter under it, which Set PARs accepts.
  const quarterCap = Math.floor(cap * 4) / 4;
  return wanted > quarterCap
    ? { suggestedPar: quarterCap, capped: true }
    : { suggestedPar: wanted, capped: false };
}

/**
 * One café × product: the days the PAR covers at the average daily usage, and the verdict — *too low* when the
 * PAR covers less than an order cycle (the shelf runs out before the next delivery), *too high* when it covers
 * more than PAR_TOO_HIGH_CYCLES cycles (or nothing was used at all), *check counts* when usage came out below
 * zero (a delivery not received in the app, or a miscount), *not measured* with fewer than
 * PAR_MIN_DAYS_MEASURED days of usage.
 */
export function parHealthOf(inputs: ParHealthInputs): ParHealth {
  const average = averageDailyUsage(inputs.usage, inputs.daysMeasured);
  // Cover, verdict and suggestion come from the usage as measured, not from the average as shown to the
  // hundredth: 51 used in 16.99 days is 3.0018 a day, so a PAR of 21 covers 6.996 days (too low) and ten days
  // need 30.02, which "rounded up" makes 30.25 — the rounded 3.00 said 7 days (ok) and 30.
  const exact =
    inputs.usage !== null && inputs.daysMeasured !== null && inputs.daysMeasured > 0
      ? inputs.usage / inputs.daysMeasured
      : null;
  const exactCover = exact !== null && exact > 0 ? inputs.par / exact : null;
  const daysOfCover = exactCover === null ? null : roundQuantity(exactCover);
  const none = { averageDailyUsage: average, daysOfCover, suggestedPar: null, capped: false };
  if (inputs.retired) return { ...none, verdict: 'retired' };
  if (exact === null || (inputs.daysMeasured ?? 0) < PAR_MIN_DAYS_MEASURED)
    return { ...none, verdict: 'not measured' };
  if (exact < 0) return { ...none, verdict: 'check counts' };
  const suggestion = suggestedParOf(exact, inputs.maximumStock, false);
  const verdict: ParVerdict =
    exactCover === null
      ? inputs.par > 0
        ? 'too high'
        : 'ok'
      : exactCover < ORDER_CYCLE_DAYS
        ? 'too low'
        : exactCover > PAR_TOO_HIGH_CYCLES * ORDER_CYCLE_DAYS
          ? 'too high'
          : 'ok';
  return { averageDailyUsage: average, daysOfCover, verdict, ...suggestion };
}

/** The order the report lists verdicts in: what needs a decision first. */
export function verdictRank(verdict: ParVerdict): number {
  return PAR_VERDICTS.indexOf(verdict);
}
