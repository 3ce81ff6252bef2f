import type { Location } from '@engine/api-schemas.ts';
import type { OperationKey } from '@engine/operations.ts';
import { isPartialCount } from '@engine/ops-signals.ts';
import type { CafeOpsResponse } from '@engine/ops-tracker-schemas.ts';
import { OPS_LATE_DAYS } from '@engine/task-due.ts';
import { Link } from '@tanstack/react-router';
import { Card } from '@web/components/ui/card.tsx';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog.tsx';
import { ReadFailed } from '@web/components/ui/read-failed.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useCafeOps } from '@web/features/cafe-ops/api/cafe-ops.ts';
import { useEarlierTickOutbox, useTickOutbox } from '@web/features/cafe-ops/hooks/use-tick-outbox.ts';
import {
  cafeDayTime,
  dayInSentence,
  doneWhen,
  type TaskView,
  withOutbox,
  zoneCity,
} from '@web/features/cafe-ops/model/tick-view.ts';
import type { AutosaveSnapshot } from '@web/lib/autosave/autosave-queue.ts';
import { cn } from '@web/lib/cn.ts';
import { plural } from '@web/lib/display-format.ts';
import { selectCafe } from '@web/lib/open-at-cafe.ts';
import { CheckCircle2, CircleAlert, CloudOff, Loader2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { DayStrip } from './day-strip.tsx';
import { TaskNoteDialog } from './task-note-dialog.tsx';
import { TaskRow } from './task-row.tsx';

function SyncStatus({ snapshot }: { snapshot: AutosaveSnapshot<unknown> }) {
  const waiting = snapshot.pending;
  const [Icon, text, tone] =
    waiting === 0
      ? [CheckCircle2, 'All ticks saved', 'text-muted-foreground']
      : snapshot.failing || snapshot.blocked
        ? [
            CloudOff,
            `${plural(waiting, 'tick')} kept on this device, saved when the connection is back`,
            'text-warning',
          ]
        : [Loader2, 'Saving…', 'text-primary'];
  return (
    <p
      role="status"
      data-testid="ops-sync"
      data-waiting={waiting}
      className={cn('flex items-center gap-1.5 text-sm', tone)}
    >
      <Icon aria-hidden className={cn('size-4 shrink-0', Icon === Loader2 && 'animate-spin')} />
      {text}
    </p>
  );
}

function RoutineItem({
  done,
  title,
  detail,
  fix,
}: {
  done: boolean;
  title: string;
  detail: string;
  fix: { label: string; onClick: () => void; to: '/' } | null;
}) {
  return (
    <li className="flex items-start gap-3 px-4 py-3 sm:px-5" data-testid="ops-routine" data-done={done}>
      {done ? (
        <CheckCircle2 aria-label="Done" className="mt-0.5 size-5 shrink-0 text-success" />
      ) : (
        <CircleAlert aria-label="Not done" className="mt-0.5 size-5 shrink-0 text-warning" />
      )}
      <div className="min-w-0 flex-1">
        <p className="font-medium text-foreground">{title}</p>
        <p className="text-muted-foreground text-sm">{detail}</p>
      </div>
      {fix && !done ? (
        <Link
          to={fix.to}
          onClick={fix.onClick}
          className="inline-flex min-h-11 shrink-0 items-center font-medium text-primary text-sm underline-offset-4 hover:underline"
        >
          {fix.label}
        </Link>
      ) : null}
    </li>
  );
}

/** " · 3 of 178 products counted" after a count that left most of them out (the district grid's rule), else nothing. */
function countedPart(products: CafeOpsResponse['routine']['countSinceLastOrder']['products']): string {
  return products && isPartialCount(products)
    ? ` · ${products.counted} of ${products.listed} products counted`
    : '';
}

function Routine({ data, location, live }: { data: CafeOpsResponse; location: Location; live: boolean }) {
  const { countSinceLastOrder, nightlyCount, orderThisWeek } = data.routine;
  const at = (iso: string) => cafeDayTime(iso, data.timezone, data.today);
  const open = (operation: OperationKey, label: string) =>
    live ? { label, to: '/' as const, onClick: () => selectCafe(location, operation) } : null;
  return (
    <Card className="gap-0 py-0">
      <h2 className="border-b px-4 py-3 font-medium text-foreground sm:px-5">Routine</h2>
      <ul className="divide-y">
        <RoutineItem
          done={countSinceLastOrder.done}
          title="Inventory count completed since the last order"
          detail={
            countSinceLastOrder.at
              ? `Last count ${at(countSinceLastOrder.at)}${countedPart(countSinceLastOrder.products)}${countSinceLastOrder.lastOrderAt ? ` · last order ${at(countSinceLastOrder.lastOrderAt)}` : ''}`
              : 'No completed count yet'
          }
          fix={open('count_inventory', 'Count Inventory')}
        />
        <RoutineItem
          done={nightlyCount.done}
          title="Nightly count done"
          detail={
            nightlyCount.at
              ? // A day read as it ended has its end as asOf: completed from then on is completed late (decision 126).
                `Completed ${Date.parse(nightlyCount.at) >= Date.parse(data.asOf) && !live ? 'late, ' : ''}${at(nightlyCount.at)}`
              : 'Not completed for this day'
          }
          fix={open('nightly_counts', 'Nightly Counts')}
        />
        <RoutineItem
          done={orderThisWeek.done}
          title="Order submitted this week"
          detail={orderThisWeek.at ? `Submitted ${at(orderThisWeek.at)}` : `None since Monday`}
          fix={open('shopping_list', 'Shopping List')}
        />
      </ul>
    </Card>
  );
}

function EarlierOutbox({ locationId, userId, date }: { locationId: number; userId: number; date: string }) {
  useEarlierTickOutbox({ locationId, userId, date });
  return null;
}

function Checklist({
  data,
  location,
  userId,
  onSelectDay,
}: {
  data: CafeOpsResponse;
  location: Location;
  userId: number;
  onSelectDay: (date: string) => void;
}) {
  const { queue, snapshot, earlierDays } = useTickOutbox({
    locationId: location.id,
    userId,
    businessDate: data.businessDate,
  });
  const tasks = useMemo(() => withOutbox(data.tasks, snapshot.entries), [data.tasks, snapshot.entries]);
  const [noteFor, setNoteFor] = useState<TaskView | null>(null);
  // A tick of an earlier day is asked about before it is taken off: ticked again, it would count as late.
  const [untickFor, setUntickFor] = useState<TaskView | null>(null);
  const canTick = data.access !== 'view_only';
  const done = tasks.filter((task) => task.done).length;
  const overdue = tasks.filter((task) => task.overdue).length;
  // Done after their time: the District Ops Tracker counts these apart from the ones done on time.
  const late = tasks.filter((task) => task.done && task.late).length;
  const isToday = data.businessDate === data.today;
  const closedDay = data.days.find((day) => day.date === data.businessDate)?.closed === true;

  return (
    <div className="grid grid-cols-1 gap-4">
      {earlierDays.map((date) => (
        <EarlierOutbox key={date} locationId={location.id} userId={userId} date={date} />
      ))}
      <DayStrip data={data} selected={data.businessDate} selectedDone={done} onSelect={onSelectDay} />
      {data.access === 'late' ? (
        <p className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-foreground text-sm">
          Completing {dayInSentence(data.businessDate, data.today)} late: ticks are marked late.
        </p>
      ) : null}
      {data.access === 'view_only' ? (
        <p className="rounded-md border bg-muted px-3 py-2 text-muted-foreground text-sm">
          {`This day is for looking back: only managers can complete the last ${OPS_LATE_DAYS} days, marked late.`}
        </p>
      ) : null}
      <Card className="gap-0 py-0">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-b px-4 py-3 sm:px-5">
          <h2 className="font-medium text-foreground">
            Tasks{' '}
            <span className="text-muted-foreground">
              · {done}/{tasks.length} done
            </span>
            {late > 0 ? <span className="text-warning"> · {late} late</span> : null}
            {overdue > 0 ? <span className="text-destructive"> · {overdue} overdue</span> : null}
          </h2>
          <SyncStatus snapshot={snapshot} />
        </div>
        {tasks.length === 0 ? (
          <p className="px-4 py-6 text-muted-foreground sm:px-5">
            {closedDay
              ? 'The café was closed on this day: nothing was due.'
              : 'No tasks are due on this day for your role.'}
          </p>
        ) : (
          <ul className="divide-y" aria-label="Tasks">
            {tasks.map((task) => (
              <TaskRow
                key={task.taskId}
                task={task}
                timeZone={data.timezone}
                day={data.businessDate}
                today={data.today}
                canTick={canTick}
                onTick={(next) => {
                  if (!next && !isToday && !task.pending) setUntickFor(task);
                  else queue.record(task.taskId, { done: next, note: task.note, asToday: isToday });
                }}
                onNote={() => setNoteFor(task)}
              />
            ))}
          </ul>
        )}
      </Card>
      <Routine data={data} location={location} live={isToday} />
      <ConfirmDialog
        open={untickFor !== null}
        onOpenChange={(open) => (open ? undefined : setUntickFor(null))}
        title={`Take the tick off ${untickFor?.title ?? 'this task'}?`}
        message={`${untickFor?.completedBy?.name ?? 'Someone'} ticked it${
          untickFor?.completedAt
            ? ` ${doneWhen(untickFor.completedAt, data.timezone, data.businessDate, data.today)}`
            : ''
        }. Ticked again now, it counts as done late.`}
        confirmText="Take it off"
        variant="destructive"
        onConfirm={() => {
          if (untickFor)
            queue.record(untickFor.taskId, { done: false, note: untickFor.note, asToday: isToday });
          setUntickFor(null);
        }}
      />
      <TaskNoteDialog
        task={noteFor}
        onOpenChange={(open) => (open ? undefined : setNoteFor(null))}
        onSave={(note, tick) => {
          if (noteFor) queue.record(noteFor.taskId, { done: noteFor.done || tick, note, asToday: isToday });
          setNoteFor(null);
        }}
      />
    </div>
  );
}

export interface CafeOpsScreenProps {
  location: Location;
  userId: number;
  /** The earlier day shown, or undefined for today's checklist. */
  day: string | undefined;
  /** A day chosen on the strip; undefined is today. */
  onDayChange: (day: string | undefined) => void;
}

/** Cafe Ops Tracker (product.md): the selected café's checklist of a day, in the café's own time. */
export function CafeOpsScreen({ location, userId, day, onDayChange }: CafeOpsScreenProps) {
  const checklist = useCafeOps(location.id, day);
  const data = checklist.data;

  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-2">
      <div className="mb-4 flex flex-col gap-1 sm:mb-6">
        <p className="font-medium text-muted-foreground text-sm">
          {location.name} · {location.code}
        </p>
        <h1 className="text-2xl text-foreground tracking-tight sm:text-[1.75rem]">Cafe Ops Tracker</h1>
        <p className="max-w-2xl text-pretty text-muted-foreground">
          {data
            ? `Tasks due for your role and the café's routine. Times are ${zoneCity(data.timezone)} time.`
            : "The day's tasks and routine for this café."}
        </p>
      </div>
      {checklist.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading the checklist" />
        </div>
      ) : checklist.isError && !data ? (
        <ReadFailed
          title="The checklist could not load"
          error={checklist.error}
          onRetry={() => checklist.refetch()}
        />
      ) : data ? (
        <Checklist
          key={data.businessDate}
          data={data}
          location={location}
          userId={userId}
          onSelectDay={(next) => onDayChange(next === data.today ? undefined : next)}
        />
      ) : null}
    </div>
  );
}
