import { Button } from '@web/components/ui/button.tsx';
import { selectCafe } from '@web/lib/open-at-cafe.ts';
import { useUserLocations } from '@web/lib/shared-reads/user-locations.ts';
import { MapPin } from 'lucide-react';

export const NO_CAFE_MESSAGE =
  'No café assigned: You are not assigned to any café yet, so there is nothing to work on here. Ask an administrator to add you to your café; it then appears in the header.';

/**
 * Requirements §2: an operation that works on one café's stock cannot start without one. The whole message is
 * one sentence so it reads the same to a screen reader as on screen. Below it, the person's own cafés, one tap
 * each: on a phone the header's picker is a small target at the top of the screen.
 */
export function LocationRequired({ message }: { message: string }) {
  const locations = useUserLocations();
  const cafes = locations.data ?? [];
  // Someone with no café has no dropdown to choose from: tell them what will change that.
  const [title, ...rest] = (locations.isSuccess && cafes.length === 0 ? NO_CAFE_MESSAGE : message).split(
    ': ',
  );
  return (
    <div className="mx-auto mt-4 flex max-w-xl flex-col items-center gap-4 rounded-[var(--ui-card-radius,var(--radius))] border-[length:var(--ui-border-width,2px)] border-border bg-card px-6 py-12 text-center shadow-xs sm:mt-10">
      <div role="alert" className="flex flex-col items-center gap-3">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <MapPin aria-hidden className="size-6" />
        </span>
        <p className="max-w-md text-pretty text-foreground">
          <strong className="block text-lg">{title}:</strong>{' '}
          <span className="text-muted-foreground">{rest.join(': ')}</span>
        </p>
      </div>
      {cafes.length > 0 ? (
        <ul aria-label="Your cafés" className="flex w-full max-w-sm flex-col gap-2">
          {cafes.map((cafe) => (
            <li key={cafe.id}>
              <Button
                variant="outline"
                className="h-11 w-full justify-between"
                onClick={() => selectCafe(cafe)}
              >
                <span className="truncate">{cafe.name}</span>
                <span className="font-mono text-muted-foreground text-xs">{cafe.code}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
