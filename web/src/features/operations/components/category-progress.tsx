import { Progress } from '@web/components/ui/progress.tsx';
import { cn } from '@web/lib/cn.ts';

/**
 * Requirements §2: one clickable segment per category, the current one highlighted and earlier ones filled; a plain
 * percent bar when there are no category names to step through.
 */
export function CategoryProgress({
  categories,
  current,
  onSelect,
  percent,
  percentLabel,
}: {
  categories: readonly string[];
  current: number;
  onSelect: (index: number) => void;
  /** Used when there is at most one category. */
  percent: number;
  percentLabel: string;
}) {
  if (categories.length <= 1) {
    return (
      <div className="flex items-center gap-3">
        <Progress value={percent} aria-label={percentLabel} className="h-2.5" />
        <span className="shrink-0 text-muted-foreground text-xs tabular-nums">{Math.round(percent)}%</span>
      </div>
    );
  }
  return (
    <nav aria-label="Categories">
      <ol className="flex gap-1">
        {categories.map((name, index) => (
          <li key={name} className="min-w-0 flex-1">
            <button
              type="button"
              onClick={() => onSelect(index)}
              aria-current={index === current ? 'step' : undefined}
              aria-label={`${name} (category ${index + 1} of ${categories.length})`}
              title={name}
              className="group flex w-full cursor-pointer flex-col rounded-sm py-2 outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span
                aria-hidden
                className={cn(
                  'h-2 w-full rounded-full transition-colors',
                  index < current && 'bg-primary/60 group-hover:bg-primary/75',
                  index === current && 'bg-primary ring-2 ring-primary/25 ring-offset-1',
                  index > current && 'bg-muted group-hover:bg-primary/20',
                )}
              />
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
