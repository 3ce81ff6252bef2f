import { MapPin } from 'lucide-react';

/**
 * Requirements §2: an operation that works on one café's stock cannot start without one. The whole message is
 * one sentence so it reads the same to a screen reader as on screen.
 */
export function LocationRequired({ message }: { message: string }) {
  const [title, ...rest] = message.split(': ');
  return (
    <div
      role="alert"
      className="mx-auto mt-4 flex max-w-xl flex-col items-center gap-3 rounded-[var(--ui-card-radius,var(--radius))] border-[length:var(--ui-border-width,2px)] border-border bg-card px-6 py-12 text-center shadow-xs sm:mt-10"
    >
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <MapPin aria-hidden className="size-6" />
      </span>
      <p className="max-w-md text-pretty text-foreground">
        <strong className="block text-lg">{title}:</strong>{' '}
        <span className="text-muted-foreground">{rest.join(': ')}</span>
      </p>
    </div>
  );
}
