import type { CafeOpsResponse } from '@engine/ops-tracker-schemas.ts';
import { dayLabel } from '@web/features/cafe-ops/model/tick-view.ts';
import { cn } from '@web/lib/cn.ts';
import { useLayoutEffect, useRef } from 'react';

/**
 * The days a checklist can be opened for, newest first, each with how much of it was done; a missed one in red, a
 * day the café was closed with nothing due as "Closed" (decision 117).
 */
export function DayStrip({
  data,
  selected,
  selectedDone,
  onSelect,
}: {
  data: CafeOpsResponse;
  selected: string;
  /** The chosen day's ticks as the checklist below counts them, those kept on the device included. */
  selectedDone?: number;
  onSelect: (date: string) => void;
}) {
  // On a phone the strip scrolls sideways: the chosen day (an earlier one, opened from a link) is brought into it.
  const activeRef = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (selected) activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selected]);
  return (
    <nav aria-label="Day" className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
      <ul className="flex gap-2">
        {data.days.map((day) => {
          const active = day.date === selected;
          const done = active && selectedDone !== undefined ? selectedDone : day.done;
          const missed = day.date !== data.today && done < day.total;
          return (
            <li key={day.date}>
              <button
                ref={active ? activeRef : undefined}
                type="button"
                aria-pressed={active}
                onClick={() => onSelect(day.date)}
                className={cn(
                  'flex min-h-11 min-w-[4.5rem] flex-col items-center justify-center rounded-md border px-3 py-1 text-sm',
                  active ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card',
                )}
              >
                <span className="whitespace-nowrap font-medium">{dayLabel(day.date, data.today)}</span>
                <span
                  className={cn(
                    'text-xs',
                    active
                      ? 'text-primary-foreground'
                      : missed
                        ? 'text-destructive'
                        : 'text-muted-foreground',
                  )}
                >
                  {day.closed && day.total === 0 ? 'Closed' : `${done}/${day.total}`}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
