import { type AdminTask, WEEKDAY_NAMES } from '@engine/admin-task-schemas.ts';
import { Button } from '@web/components/ui/button.tsx';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { useAdminTasks } from '@web/features/admin/api/admin-tasks.ts';
import { useSaveTask } from '@web/features/admin/api/save-task.ts';
import { ActiveBadge } from '@web/features/admin/components/common/active-badge.tsx';
import { EmptyState } from '@web/features/admin/components/common/empty-state.tsx';
import { QueryState } from '@web/features/admin/components/common/query-state.tsx';
import {
  ActionsCell,
  ActionsHeaderCell,
  HeaderCell,
  ResponsiveCell,
  ResponsiveRow,
  ResponsiveTable,
  ResponsiveTableBody,
  ResponsiveTableHead,
} from '@web/features/admin/components/common/responsive-table.tsx';
import { SectionCard } from '@web/features/admin/components/common/section-card.tsx';
import { useDialogTarget } from '@web/features/admin/hooks/use-dialog-target.ts';
import { useRoleNames } from '@web/features/admin/hooks/use-role-names.ts';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import { formatDate } from '@web/lib/display-format.ts';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { TaskFormDialog } from './task-form-dialog.tsx';

function scheduleOf(task: AdminTask): string {
  return task.cadence === 'daily' ? 'Every day' : `Every ${WEEKDAY_NAMES[task.weekday ?? 0] ?? 'week'}`;
}

/** Active tasks by due time, then the inactive ones. */
function byDue(a: AdminTask, b: AdminTask): number {
  return (
    Number(b.active) - Number(a.active) ||
    a.dueTime.localeCompare(b.dueTime) ||
    a.title.localeCompare(b.title)
  );
}

/** Recurring café tasks: list, create, edit, deactivate (completions already recorded stay). */
export function TasksSection() {
  const tasks = useAdminTasks();
  const roleNames = useRoleNames();
  const save = useSaveTask();
  const editing = useDialogTarget<AdminTask>();
  const [toggling, setToggling] = useState<AdminTask | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const sorted = useMemo(() => [...(tasks.data ?? [])].sort(byDue), [tasks.data]);

  function toggleActive() {
    setConfirmOpen(false);
    if (!toggling) return;
    const task = toggling;
    save.mutate(
      { id: task.id, body: { active: !task.active } },
      {
        onSuccess: () =>
          toast({ title: task.active ? 'Task deactivated' : 'Task reactivated', description: task.title }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Not changed', description: errorMessageForPerson(error) }),
      },
    );
  }

  return (
    <SectionCard
      title="Recurring tasks"
      description="Daily and weekly checklist items, due at each café’s local time."
      actions={
        <Button onClick={() => editing.openFor(null)}>
          <Plus aria-hidden />
          New task
        </Button>
      }
    >
      <QueryState query={tasks} label="tasks" />
      {tasks.data && sorted.length === 0 ? <EmptyState>No tasks yet.</EmptyState> : null}
      {sorted.length > 0 ? (
        <ResponsiveTable aria-label="Tasks">
          <ResponsiveTableHead>
            <tr>
              <HeaderCell>Task</HeaderCell>
              <HeaderCell>Repeats</HeaderCell>
              <HeaderCell>Due by</HeaderCell>
              <HeaderCell>Done by</HeaderCell>
              <HeaderCell>Status</HeaderCell>
              <ActionsHeaderCell />
            </tr>
          </ResponsiveTableHead>
          <ResponsiveTableBody>
            {sorted.map((task) => (
              <ResponsiveRow key={task.id} className={task.active ? undefined : 'text-muted-foreground'}>
                <ResponsiveCell primary className="font-medium text-foreground">
                  {task.title}
                </ResponsiveCell>
                <ResponsiveCell label="Repeats">{scheduleOf(task)}</ResponsiveCell>
                <ResponsiveCell label="Due by" className="tabular-nums">
                  {task.dueTime}
                </ResponsiveCell>
                <ResponsiveCell label="Done by">{roleNames.name(task.role)}</ResponsiveCell>
                <ResponsiveCell label="Status">
                  <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-0.5">
                    <ActiveBadge active={task.active} inactiveLabel="Inactive" />
                    {task.retiredAt ? (
                      <span className="whitespace-nowrap text-xs text-muted-foreground">
                        since {formatDate(task.retiredAt)}
                      </span>
                    ) : null}
                  </span>
                </ResponsiveCell>
                <ActionsCell>
                  <div className="flex justify-end gap-1">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Edit ${task.title}`}
                      onClick={() => editing.openFor(task)}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`${task.active ? 'Deactivate' : 'Reactivate'} ${task.title}`}
                      onClick={() => {
                        setToggling(task);
                        setConfirmOpen(true);
                      }}
                    >
                      {task.active ? 'Deactivate' : 'Reactivate'}
                    </Button>
                  </div>
                </ActionsCell>
              </ResponsiveRow>
            ))}
          </ResponsiveTableBody>
        </ResponsiveTable>
      ) : null}
      <TaskFormDialog {...editing.dialog} task={editing.value} />
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={
          toggling?.active ? `Deactivate “${toggling.title}”?` : `Reactivate “${toggling?.title ?? ''}”?`
        }
        message={
          toggling?.active
            ? 'It leaves every café’s checklist from its next due time. Earlier days keep it, done or missed.'
            : 'It returns to every café’s checklist from its next due time. The days it was inactive stay without it.'
        }
        confirmText={toggling?.active ? 'Deactivate' : 'Reactivate'}
        variant={toggling?.active ? 'destructive' : 'default'}
        onConfirm={toggleActive}
      />
    </SectionCard>
  );
}
