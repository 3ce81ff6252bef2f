import { useQuery, useQueryClient } from '@tanstack/react-query';
import { nightlyCountQueryOptions } from '@web/features/operations/api/nightly-count.ts';
import { SHARED_DATA_REFRESH_MS } from '@web/features/operations/components/screen-props.ts';
import { useEffect, useState } from 'react';

/**
 * The nightly count a screen shows, and the day it keeps showing. Opened without a day, the screen reads the café's
 * today (the server decides which day that is) and then holds on to that day: at the café's midnight the count being
 * typed stays on the screen, its numbers recorded for the evening they were counted, instead of the next re-read
 * swapping in the new day's empty count under the person's fingers (and Complete then completing the wrong day).
 * `dayTurned` names the café's new today once it differs from the day held, so the screen can say so and offer it;
 * `showToday` moves to it. A day the person picked (`pickedDate`, managers) is shown as picked.
 */
export function useNightlyDay(locationId: number, pickedDate: string | null) {
  const queryClient = useQueryClient();
  const [held, setHeld] = useState<{ locationId: number; day: string } | null>(null);
  const heldDay = held?.locationId === locationId ? held.day : null;
  const day = pickedDate ?? heldDay;
  const nightly = useQuery({
    ...nightlyCountQueryOptions(locationId, day ?? undefined),
    refetchInterval: SHARED_DATA_REFRESH_MS,
    // "Today" kept from an earlier visit may be yesterday by now: asked again whenever the screen opens.
    ...(day === null ? { refetchOnMount: 'always' as const } : {}),
  });
  const answer = nightly.data;
  const answerIsNew = nightly.isFetchedAfterMount;

  useEffect(() => {
    if (day !== null || !answer || !answerIsNew) return;
    // The answer for "today" is also the answer for its date: kept under that key, the switch reads nothing again.
    queryClient.setQueryData(nightlyCountQueryOptions(locationId, answer.businessDate).queryKey, answer);
    setHeld({ locationId, day: answer.businessDate });
  }, [day, answer, answerIsNew, locationId, queryClient]);

  const dayTurned =
    pickedDate === null && heldDay !== null && answer && answer.today !== heldDay ? answer.today : null;
  return {
    nightly,
    dayTurned,
    /** On to the café's new today. */
    showToday: () => {
      if (dayTurned) setHeld({ locationId, day: dayTurned });
    },
  };
}
