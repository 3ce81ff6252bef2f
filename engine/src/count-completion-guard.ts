/** What the completion guard needs to know of each item in the open count session. */
export interface CountItemState {
  count: number | null;
  confirmed: boolean;
  editedAfterConfirm: boolean;
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
  const edited = input.items.filter((item) => item.confirmed && item.editedAfterConfirm).length;
  if (edited > 0) {
    return {
      ok: false,
      reason: 'reconfirmation_required',
      title: 'Re-confirmation Required',
      message: `${edited} ${edited === 1 ? 'item was' : 'items were'} edited after confirmation and must be re-confirmed before completing the count.`,
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
