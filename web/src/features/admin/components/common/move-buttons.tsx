import { Button } from '@web/components/ui/button.tsx';
import { ArrowDown, ArrowUp } from 'lucide-react';

/**
 * Up and down for reordering a list from the keyboard or with a thumb. Each button is named after its
 * item ("Move Bakery up"), and the parent keeps focus on the button pressed via `data-move-key`.
 */
export function MoveButtons({
  name,
  moveKey,
  canMoveUp,
  canMoveDown,
  onMove,
}: {
  name: string;
  moveKey: string;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onMove: (direction: -1 | 1) => void;
}) {
  return (
    <div className="flex shrink-0 gap-1">
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-10 min-h-10 min-w-10 text-muted-foreground"
        aria-label={`Move ${name} up`}
        data-move-key={`${moveKey}:up`}
        disabled={!canMoveUp}
        onClick={() => onMove(-1)}
      >
        <ArrowUp aria-hidden />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-10 min-h-10 min-w-10 text-muted-foreground"
        aria-label={`Move ${name} down`}
        data-move-key={`${moveKey}:down`}
        disabled={!canMoveDown}
        onClick={() => onMove(1)}
      >
        <ArrowDown aria-hidden />
      </Button>
    </div>
  );
}
