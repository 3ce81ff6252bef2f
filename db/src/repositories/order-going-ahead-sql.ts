/**
 * SQL: the order `o` was still going ahead at `at`: not rejected or cancelled before then. A rejected or cancelled
 * order ordered nothing, so it is no café's "last order" and does not tick "order submitted this week"; one that was
 * rejected only later still counts on the days before, as those days ended.
 */
export function goingAheadAtSql(order: string, at: string): string {
  return `NOT EXISTS (SELECT 1 FROM order_events e
                       WHERE e.order_id = ${order}.id AND e.to_status IN ('rejected', 'cancelled')
                         AND e.created_at < ${at})`;
}
