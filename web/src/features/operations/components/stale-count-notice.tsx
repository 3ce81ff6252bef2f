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
 * Numbers typed for a count that someone has since restarted (409 count_session_changed). They are never
 * dropped silently: the person sees them and decides to add them to the new count or let them go.
 */
export function StaleCountNotice({
  lines,
  onAdopt,
  onDiscard,
}: {
  lines: readonly StaleCountLine[];
  onAdopt: () => void;
  onDiscard: () => void;
}) {
  if (lines.length === 0) return null;
  const shown = lines.slice(0, 8);
  return (
    <Alert variant="warning">
      <AlertTriangle aria-hidden />
      <AlertTitle>A new count was started at this café</AlertTitle>
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
