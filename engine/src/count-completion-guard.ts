/** What the completion guard needs to know of each item in the open count session. */
export interface CountItemState {
  count: number | null;
  confirmed: boolean;
  editedAfterConfirm: boolean;
  /** How the refusal names the item, e.g. 'Oat Milk (Dairy)', so the person can find it. */
  name?: string;
}

/** How a refusal names a count's item: 'Oat Milk (Dairy)', the category being where the person finds it. */
export function itemInCategory(name: string, category: string): string {
  return `${name} (${category})`;
}

/** 'A', 'A and B', 'A, B and C', or the first three and 'N more'. */
function namesInSentence(names: readonly string[]): string {
  const shown = names.length > 3 ? [...names.slice(0, 3), `${names.length - 3} more`] : [...names];
  return shown.length === 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

export type CountCompletionCheck =
  | { ok: true; itemsCounted: number }
  | {
      ok: false;
      reason: 'no_location' | 'reconfirmation_required' | 'nothing_counted' | 'in_flight';
      title: string;
      message: string;
      editedAfterConfirmation: number;
    };

/**
 * Requirements §4–§5: no location means no completion; a count whose confirmed items were edited afterwards must be
 * re-confirmed first ('Re-confirmation Required'); one completion in flight at a time. Completing a count
 * with nothing counted is refused too: it would let an empty count drive a shopping list.
 */
export function checkCountCompletion(input: {
  locationId: number | null | undefined;
  items: readonly CountItemState[];
  inFlight?: boolean;
}): CountCompletionCheck {
  if (!input.locationId) {
    return {
      ok: false,
      reason: 'no_location',
      title: 'Location Required',
      message: 'Select a location before completing the count.',
      editedAfterConfirmation: 0,
    };
  }
  if (input.inFlight) {
    return {
      ok: false,
      reason: 'in_flight',
      title: 'Already completing',
      message: 'This count is already being completed.',
      editedAfterConfirmation: 0,
    };
  }
  const editedItems = input.items.filter((item) => item.confirmed && item.editedAfterConfirm);
  const edited = editedItems.length;
  if (edited > 0) {
    const names = editedItems.flatMap((item) => (item.name ? [item.name] : []));
    // Named when every one is: a count spread over many categories gives no other way to find them.
    const which = names.length === edited ? `: ${namesInSentence(names)}` : '';
    return {
      ok: false,
      reason: 'reconfirmation_required',
      title: 'Re-confirmation Required',
      message: `${edited} ${edited === 1 ? 'item was' : 'items were'} edited after confirmation and must be re-confirmed before completing the count${which}.`,
      editedAfterConfirmation: edited,
    };
  }
  const itemsCounted = input.items.filter((item) => item.count !== null).length;
  if (itemsCounted === 0) {
    return {
      ok: false,
      reason: 'nothing_counted',
      title: 'Nothing counted',
      message: 'Count at least one item before completing the count.',
      editedAfterConfirmation: 0,
    };
  }
  return { ok: true, itemsCounted };
}
