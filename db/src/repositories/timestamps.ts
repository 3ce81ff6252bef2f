/** Both drivers return timestamptz as Date; the API speaks ISO-8601 strings. */
export function toIsoString(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

export function toIsoStringOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : toIsoString(value);
}

/**
 * A timestamptz column as the API's ISO-8601 text, written by the database: what `toIsoString` makes of the Date
 * the drivers return (UTC, milliseconds cut, not rounded, as a Date cuts microseconds), without a Date parsed and
 * printed again for each value. For the large reads, where that was a tenth of the server's work
 * (bench/request-cpu.ts, a café's inventory mid-count).
 */
export function isoTimestampSql(expression: string): string {
  return `to_char((${expression}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
