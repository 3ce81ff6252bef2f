import {
  type AdminTask,
  createTaskBodySchema,
  type TASK_CADENCES,
  updateTaskBodySchema,
  WEEKDAY_NAMES,
} from '@engine/admin-task-schemas.ts';
import { Input } from '@web/components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select.tsx';
import { useSaveTask } from '@web/features/admin/api/save-task.ts';
import { changedFields } from '@web/features/admin/changed-fields.ts';
import {
  DialogForm,
  FormDialog,
  FormDialogFooter,
} from '@web/features/admin/components/common/form-dialog.tsx';
import { FormField } from '@web/features/admin/components/common/form-field.tsx';
import { MutationError } from '@web/features/admin/components/common/mutation-error.tsx';
import { useDraft } from '@web/features/admin/hooks/use-draft.ts';
import { useRoleNames } from '@web/features/admin/hooks/use-role-names.ts';
import { useSchemaIssues } from '@web/features/admin/hooks/use-schema-issues.ts';
import { useState } from 'react';

const ANYONE = 'anyone';
type Cadence = (typeof TASK_CADENCES)[number];

interface Draft {
  title: string;
  cadence: Cadence;
  weekday: string;
  dueTime: string;
  role: string;
}

export function TaskFormDialog({
  open,
  task,
  onOpenChange,
}: {
  open: boolean;
  task: AdminTask | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} formKey={task?.id ?? 'new'}>
      {(close) => <TaskForm task={task} onDone={close} />}
    </FormDialog>
  );
}

/** A recurring task: what, how often, by when (the café's local time) and for which role. */
function TaskForm({ task, onDone }: { task: AdminTask | null; onDone: () => void }) {
  const [draft, set] = useDraft<Draft>(() => ({
    title: task?.title ?? '',
    cadence: task?.cadence ?? 'daily',
    weekday: String(task?.weekday ?? 1),
    dueTime: task?.dueTime ?? '17:00',
    role: task?.role ?? ANYONE,
  }));
  // The task as the form was opened, not as a refetch behind the open form has it since.
  const [openedAt] = useState(() => task?.updatedAt);
  const { issues, check } = useSchemaIssues();
  const save = useSaveTask();
  const roleNames = useRoleNames();

  function submit() {
    const values = {
      title: draft.title,
      cadence: draft.cadence,
      weekday: draft.cadence === 'weekly' ? Number(draft.weekday) : null,
      dueTime: draft.dueTime,
      role: draft.role === ANYONE ? null : draft.role,
    };
    if (!task) {
      const body = check(createTaskBodySchema, values);
      if (body) save.mutate({ id: null, body }, { onSuccess: onDone });
      return;
    }
    const change = changedFields(values, task);
    if (Object.keys(change).length === 0) return onDone();
    // With the task as the form was opened: another administrator's change since is refused, not overwritten.
    const body = check(updateTaskBodySchema, { ...change, expectedUpdatedAt: openedAt });
    if (body) save.mutate({ id: task.id, body }, { onSuccess: onDone });
  }

  return (
    <DialogForm
      title={task ? 'Edit task' : 'New task'}
      description={
        task
          ? 'A new time, repeat or role applies from now on; earlier days keep the schedule they had.'
          : 'Tasks appear on each café’s checklist in the Cafe Ops Tracker, due at the café’s local time.'
      }
      onSubmit={submit}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Title" error={issues.title} className="sm:col-span-2">
          {(control) => (
            <Input {...control} value={draft.title} onChange={(event) => set('title', event.target.value)} />
          )}
        </FormField>
        <FormField label="Repeats" error={issues.cadence}>
          {(control) => (
            <Select value={draft.cadence} onValueChange={(value) => set('cadence', value as Cadence)}>
              <SelectTrigger {...control} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="daily">Every day</SelectItem>
                <SelectItem value="weekly">Once a week</SelectItem>
              </SelectContent>
            </Select>
          )}
        </FormField>
        {draft.cadence === 'weekly' ? (
          <FormField label="On" error={issues.weekday}>
            {(control) => (
              <Select value={draft.weekday} onValueChange={(value) => set('weekday', value)}>
                <SelectTrigger {...control} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {WEEKDAY_NAMES.map((name, index) => (
                    <SelectItem key={name} value={String(index)}>
                      {name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
        ) : (
          <div className="max-sm:hidden" />
        )}
        <FormField label="Due by" error={issues.dueTime}>
          {(control) => (
            <Input
              {...control}
              type="time"
              value={draft.dueTime}
              onChange={(event) => set('dueTime', event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Done by" error={issues.role}>
          {(control) => (
            <Select value={draft.role} onValueChange={(value) => set('role', value)}>
              <SelectTrigger {...control} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ANYONE}>Anyone at the café</SelectItem>
                {roleNames.roles.map((role) => (
                  <SelectItem key={role} value={role}>
                    {roleNames.name(role)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
      </div>
      <MutationError error={save.error} />
      <FormDialogFooter
        onCancel={onDone}
        pending={save.isPending}
        submitLabel={task ? 'Save changes' : 'Create task'}
      />
    </DialogForm>
  );
}
