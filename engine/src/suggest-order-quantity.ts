export interface SuggestionInput {
  par: number;
  count: number | null;
  confirmed: boolean;
  maximumStockQuantity: number | null;
}

/**
 * Requirements §5: PAR minus the current count, floored at 0, capped at maximumStockQuantity when set; only for
 * PAR > 0 with a recorded and confirmed count. Returns null when the product gets no suggestion at all.
 */
export function suggestOrderQuantity(input: SuggestionInput): number | null {
  if (!(input.par > 0) || input.count === null || !input.confirmed) return null;
  const wanted = input.par - input.count;
  const capped = input.maximumStockQuantity === null ? wanted : Math.min(wanted, input.maximumStockQuantity);
  // The floor comes last so that no cap, however it was entered, can turn a suggestion into a negative order.
  return Math.max(0, capped);
}
