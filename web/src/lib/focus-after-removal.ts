/** The focus left with a control that went away or was disabled; a person who moved it on meanwhile keeps it. */
export function focusWasLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body;
}

/**
 * Where the focus goes when the item `id` of a list goes away: the items after it, nearest first, then those before
 * it, nearest first. The first of them still listed once the item has gone takes the focus (WCAG 2.4.3).
 */
export function neighboursOf<Id>(ids: readonly Id[], id: Id): Id[] {
  const at = ids.indexOf(id);
  return at < 0 ? [] : [...ids.slice(at + 1), ...ids.slice(0, at).reverse()];
}
