import { ROLE_NAMES } from '@engine/permissions.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Checkbox } from '@web/components/ui/checkbox.tsx';
import { doneWhen, type TaskView } from '@web/features/cafe-ops/model/tick-view.ts';
import { cn } from '@web/lib/cn.ts';
import { CloudOff, MessageSquare } from 'lucide-react';

/** One task of the checklist: the box to tick, when it is due, who did it and the note. */
export function TaskRow({
  task,
  timeZone,
  day,
  today,
  canTick,
  onTick,
  onNote,
}: {
  task: TaskView;
  timeZone: string;
  /** The day the checklist is of, and the café's today: a tick made on another day says which. */
  day: string;
  today: string;
  canTick: boolean;
  onTick: (done: boolean) => void;
  onNote: () => void;
}) {
  const id = `task-${task.taskId}`;
  // Most of a café's tasks are the staff's: only a task kept for a manager or an admin is marked.
  const roleName = task.role && task.role !== 'staff' ? ROLE_NAMES[task.role] : undefined;
  return (
    <li
      data-testid="ops-task"
      data-task-id={task.taskId}
      data-done={task.done}
      data-overdue={task.overdue}
      className={cn(
        'flex items-start gap-3 px-4 py-3 sm:px-5',
        task.overdue && 'border-l-4 border-l-destructive bg-destructive/5 pl-3 sm:pl-4',
      )}
    >
      <div className="pt-0.5">
        <Checkbox
          id={id}
          checked={task.done}
          disabled={!canTick}
          onCheckedChange={(checked) => onTick(checked === true)}
          aria-describedby={`${id}-due`}
        />
      </div>
      <div className="min-w-0 flex-1">
        <label
          htmlFor={id}
          className={cn(
            'block font-medium text-foreground',
            task.done && 'text-muted-foreground line-through',
          )}
        >
          {task.title}
        </label>
        <p
          id={`${id}-due`}
          className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-sm"
        >
          <span>Due {task.dueTime}</span>
          {task.cadence === 'weekly' ? <Badge variant="outline">Weekly</Badge> : null}
          {roleName ? <Badge variant="outline">{roleName}</Badge> : null}
          {task.overdue ? <Badge variant="destructive">Overdue</Badge> : null}
          {task.late ? <Badge variant="warning">Late</Badge> : null}
        </p>
        {task.done && task.completedBy && task.completedAt && !task.pending ? (
          <p className="mt-0.5 text-muted-foreground text-sm">
            Done by {task.completedBy.name} {doneWhen(task.completedAt, timeZone, day, today)}
          </p>
        ) : null}
        {task.pending ? (
          <p className="mt-0.5 inline-flex items-center gap-1 text-sm text-warning">
            <CloudOff aria-hidden className="size-3.5" /> Not saved yet
          </p>
        ) : null}
        {task.refused ? (
          <p role="alert" className="mt-0.5 text-destructive text-sm">
            Not saved: {task.refused}
          </p>
        ) : null}
        {task.note ? (
          <p className="mt-1 whitespace-pre-wrap rounded-md bg-muted px-2 py-1 text-foreground text-sm">
            {task.note}
          </p>
        ) : null}
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="size-11 shrink-0"
        disabled={!canTick}
        onClick={onNote}
        aria-label={`${task.note ? 'Edit the note' : 'Add a note'} for ${task.title}`}
      >
        <MessageSquare aria-hidden />
      </Button>
    </li>
  );
}
