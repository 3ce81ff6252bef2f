/**
 * The Navigator's reports by the name their URL and CLI use, and the longest range one covers. A file of its
 * own, free of the row schemas, so the web's router can check a bookmarked link without loading them.
 */
export const REPORT_NAMES = [
  'inventory-value',
  'usage',
  'order-spend',
  'count-compliance',
  'nightly-variance',
  'par-health',
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

/** The longest range one report covers: a year and a day, so "the same day last year" still fits. */
export const REPORT_MAX_DAYS = 367;
