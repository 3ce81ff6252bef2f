/** What a report query is run for: cafés already resolved within the user's scope, and the days. */
export interface ReportRange {
  locationIds: number[];
  from: string;
  to: string;
  /** The clock for "due so far" (compliance); the server's now unless a test fixes it. */
  now?: Date;
  /** Stop after this many rows (the caller refuses a longer answer); no limit when absent. */
  rowLimit?: number;
}
