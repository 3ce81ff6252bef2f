/**
 * A received quantity far above what was ordered: more than three times it, and at least 10 more. Vendors send
 * extra, but 99999 of the 5 ordered is a slip of the thumb, and received quantities feed usage between counts and
 * the PARs suggested from it. The receive dialog warns; it does not refuse, as a large delivery can be real.
 */
export function farAboveOrdered(received: number, ordered: number): boolean {
  return received > ordered * 3 && received - ordered >= 10;
}
