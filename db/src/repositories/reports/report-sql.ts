/**
 * SQL pieces every report shares. A range is calendar days read in each café's own time zone; the UTC
 * prefilter (a day either side covers every offset, ±14 h) lets indexes on the timestamps narrow first.
 */

/** `expr` (timestamptz) falls on a day from $2 to $3 in the café `l`'s time zone. */
export const inLocalRange = (expr: string) =>
  `${expr} >= $2::date - interval '1 day' AND ${expr} < $3::date + interval '2 days'
   AND (${expr} AT TIME ZONE l.timezone)::date BETWEEN $2::date AND $3::date`;

/** An instant as ISO 8601 UTC text, the same on both drivers. */
export const isoUtc = (expr: string) => `to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The café-local calendar day of an instant, as 'YYYY-MM-DD' text. */
export const localDay = (expr: string) => `to_char((${expr} AT TIME ZONE l.timezone)::date, 'YYYY-MM-DD')`;

/**
 * A completed count is a count session's latest completion: editing a completed count reopens it (decision
 * 021) and completing it again adds a completion, which then speaks for the session.
 */
export const COMPLETED_COUNTS = `
  SELECT DISTINCT ON (cc.session_id) cc.id, cc.location_id, cc.session_id, cc.completed_at
    FROM count_completions cc
   WHERE cc.location_id = ANY($1::int[]) AND cc.session_id IS NOT NULL
   ORDER BY cc.session_id, cc.completed_at DESC, cc.id DESC`;

/** A category's place in the café order (`cat`, the product's category; unlisted ones last). */
export const CATEGORY_POSITION = `COALESCE(cat.display_order, 2147483647)`;

export const CATEGORY_ORDER = `${CATEGORY_POSITION}, p.cafe_order_category`;
