/**
 * The text of one step in an order's history: what the step did, then what the person said, "Oat Milk 4 → 6 —
 * the weekend is busy". A step with nothing said is its summary alone.
 */
export function stepComment(summary: string, said: string | undefined): string {
  return said ? `${summary} — ${said}` : summary;
}
