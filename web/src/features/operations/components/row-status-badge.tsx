import { Badge } from '@web/components/ui/badge.tsx';
import { AlertCircle, CircleDashed, RotateCcw } from 'lucide-react';

/** A row's own save state: typed and not stored yet, refused by the server, or needing re-confirmation. */
export function RowStatusBadges({
  unsaved,
  refused,
  needsReconfirmation = false,
}: {
  unsaved: boolean;
  refused: string | null;
  needsReconfirmation?: boolean;
}) {
  return (
    <>
      {needsReconfirmation ? (
        <Badge variant="outline" className="border-warning/50 bg-warning/10 text-foreground">
          <RotateCcw aria-hidden />
          Edited after confirmation
        </Badge>
      ) : null}
      {refused ? (
        // The reason is shown, not hidden in a tooltip: a phone has no hover, and it says what to do next.
        <Badge
          variant="outline"
          // Corners, not a pill: a reason of several lines in a pill's round ends reads as a blot.
          className="h-auto items-start justify-start whitespace-normal rounded-md border-destructive/40 bg-destructive/5 text-left text-red-700 [&>svg]:mt-0.5"
        >
          <AlertCircle aria-hidden />
          Not saved: {refused}
        </Badge>
      ) : unsaved ? (
        // Muted text on white, not on the muted grey: that pair is under the 4.5:1 contrast AA asks for.
        <Badge variant="outline" className="border-border bg-background text-muted-foreground">
          <CircleDashed aria-hidden />
          Unsaved
        </Badge>
      ) : null}
    </>
  );
}
