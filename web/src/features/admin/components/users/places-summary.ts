import { compareText } from '@engine/text-order.ts';

/** Names spelled out before "and N more": enough to recognise a choice, short enough to read on a phone. */
const NAMED = 3;

/**
 * What is ticked, in a line: "3 cafés: Harbor Street Café, Lakeview Commons, Maple Park", "14 cafés: …, … and
 * 11 more", "No café ticked". Names in the order a person reads them, whatever order they were ticked in.
 */
export function tickedSummary(names: readonly string[], noun: { one: string; many: string }): string {
  if (names.length === 0) return `No ${noun.one} ticked`;
  const sorted = names.toSorted(compareText);
  const named = sorted.slice(0, NAMED).join(', ');
  const rest = sorted.length - NAMED;
  const count = `${sorted.length} ${sorted.length === 1 ? noun.one : noun.many}`;
  return rest > 0 ? `${count}: ${named} and ${rest} more` : `${count}: ${named}`;
}
