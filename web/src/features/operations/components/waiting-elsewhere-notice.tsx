import { type OperationKey, operationName, parseOperationKey } from '@engine/operations.ts';
import { useNavigate } from '@tanstack/react-router';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { sharedBrowserStore } from '@web/lib/autosave/outbox-storage.ts';
import { type WaitingElsewhere, waitingElsewhere } from '@web/lib/autosave/waiting-elsewhere.ts';
import { plural } from '@web/lib/display-format.ts';
import { useUserLocations } from '@web/lib/shared-reads/user-locations.ts';
import { useChooseOperation } from '@web/lib/storage/selected-action.ts';
import { useSelectedLocation } from '@web/lib/storage/selected-location.ts';
import { CloudUpload } from 'lucide-react';
import { useEffect, useState } from 'react';

/** Often enough that a change typed in another tab shows soon; reading localStorage's keys costs next to nothing. */
const LOOK_EVERY_MS = 5_000;

function useWaitingElsewhere(userId: number, locationId: number, screen: OperationKey): WaitingElsewhere[] {
  const read = () => waitingElsewhere(sharedBrowserStore(), userId, { locationId, screen });
  const [waiting, setWaiting] = useState(read);
  useEffect(() => {
    const look = () => setWaiting(waitingElsewhere(sharedBrowserStore(), userId, { locationId, screen }));
    look();
    const timer = setInterval(look, LOOK_EVERY_MS);
    window.addEventListener('storage', look);
    return () => {
      clearInterval(timer);
      window.removeEventListener('storage', look);
    };
  }, [userId, locationId, screen]);
  return waiting;
}

/**
 * Numbers typed on this phone for another café or screen wait until that screen is open again: after a reload, or
 * after switching café offline, nothing sends them, and a manager elsewhere may complete the count without them.
 * This says where they wait and opens that screen, which sends them.
 */
export function WaitingElsewhereNotice({
  userId,
  locationId,
  screen,
}: {
  userId: number;
  locationId: number;
  screen: OperationKey;
}) {
  const waiting = useWaitingElsewhere(userId, locationId, screen);
  const locations = useUserLocations();
  const [, setLocation] = useSelectedLocation();
  const chooseOperation = useChooseOperation();
  const navigate = useNavigate();
  const shown = waiting.flatMap((group) => {
    const cafe = locations.data?.find((location) => location.id === group.locationId);
    // A café the person no longer has: its edits wait for it to come back, and nothing here can send them.
    return cafe ? [{ ...group, cafe }] : [];
  });
  if (shown.length === 0) return null;

  const open = (group: (typeof shown)[number]) => {
    setLocation(group.cafe);
    const operation = parseOperationKey(group.screen);
    if (operation) chooseOperation(operation);
    else void navigate({ to: '/cafe-ops-tracker' });
  };

  return (
    <Alert variant="info" live="status" className="mb-4" data-testid="waiting-elsewhere">
      <CloudUpload aria-hidden />
      <AlertTitle>Typed on this phone, not sent yet</AlertTitle>
      <AlertDescription>
        <ul className="flex flex-col gap-2">
          {shown.map((group) => {
            const where = `${group.cafe.name} · ${
              parseOperationKey(group.screen)
                ? operationName(group.screen as OperationKey)
                : 'Cafe Ops Tracker'
            }`;
            return (
              <li
                key={`${group.locationId}:${group.screen}`}
                className="flex min-w-0 flex-col items-start gap-1.5 sm:flex-row sm:items-center sm:gap-3"
              >
                <span className="min-w-0 break-words">
                  {plural(group.count, 'change')} for {where}: sent once that screen is open.
                </span>
                <Button variant="outline" size="sm" aria-label={`Open ${where}`} onClick={() => open(group)}>
                  Open it
                </Button>
              </li>
            );
          })}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
