import { whenPhrase } from '@engine/cafe-time-labels.ts';
import type { CountSession } from '@engine/counting-schemas.ts';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { formatQuantity } from '@web/features/operations/model/quantity-text.ts';
import { AlertTriangle } from 'lucide-react';

export interface StaleCountLine {
  productId: number;
  name: string;
  count: number | null;
}

/**
 * Who started the count now open, and when on the café's clock: "Priya Raman started a new count at this café
 * today at 07:50". By name even when it was this person on another device: a name is never wrong, "you" could be.
 */
export function newCountTitle(
  session: Pick<CountSession, 'startedAt' | 'startedBy'> | null,
  now: Date,
  timeZone: string | undefined,
): string {
  if (!session) return 'This count was closed on another device';
  const when = whenPhrase(session.startedAt, now, timeZone);
  return `${session.startedBy ?? 'Someone'} started a new count at this café${when ? ` ${when}` : ''}`;
}

/**
 * Numbers typed for a count that someone has since restarted (409 count_session_changed). They are never
 * dropped silently: the person sees them and decides to add them to the new count or let them go.
 */
export function StaleCountNotice({
  lines,
  title,
  onAdopt,
  onDiscard,
}: {
  lines: readonly StaleCountLine[];
  /** `newCountTitle` of the count the café has now. */
  title: string;
  onAdopt: () => void;
  onDiscard: () => void;
}) {
  if (lines.length === 0) return null;
  const shown = lines.slice(0, 8);
  return (
    <Alert variant="warning">
      <AlertTriangle aria-hidden />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>
          {lines.length === 1 ? '1 number' : `${lines.length} numbers`} you typed for the previous count{' '}
          {lines.length === 1 ? 'was' : 'were'} not saved to it. They are kept on this device: add them to the
          new count, or discard them.
        </p>
        <p className="text-muted-foreground">
          {shown.map((line) => `${line.name} ${formatQuantity(line.count) || '(cleared)'}`).join(', ')}
          {lines.length > shown.length ? ` and ${lines.length - shown.length} more` : ''}
        </p>
        <div className="mt-1 flex flex-wrap gap-2">
          <Button size="sm" onClick={onAdopt}>
            Add to the new count
          </Button>
          <Button size="sm" variant="outline" onClick={onDiscard}>
            Discard them
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
