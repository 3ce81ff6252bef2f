import { MAX_TASK_NOTE } from '@engine/ops-tracker-schemas.ts';
import { Button } from '@web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Textarea } from '@web/components/ui/textarea.tsx';
import { useEffect, useId, useState } from 'react';

/**
 * A note on a task ("delivery came late", "fridge 2 at 6 °C"). On a task not done yet it is saved with the tick
 * (Enter), or alone: a note often says why the task is not done ("seal torn, will finish after the rush").
 */
export function TaskNoteDialog({
  task,
  onOpenChange,
  onSave,
}: {
  task: { title: string; note: string | null; done: boolean } | null;
  onOpenChange: (open: boolean) => void;
  onSave: (note: string | null, done: boolean) => void;
}) {
  const id = useId();
  const [note, setNote] = useState('');
  useEffect(() => {
    if (task) setNote(task.note ?? '');
  }, [task]);
  return (
    <Dialog open={task !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSave(note.trim() === '' ? null : note.trim(), true);
          }}
        >
          <DialogHeader>
            <DialogTitle>Note</DialogTitle>
            <DialogDescription>{task?.title}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={id}>Note (optional)</Label>
            <Textarea
              id={id}
              value={note}
              maxLength={MAX_TASK_NOTE}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" size="lg" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            {task && !task.done ? (
              <Button
                type="button"
                variant="outline"
                size="lg"
                onClick={() => onSave(note.trim() === '' ? null : note.trim(), false)}
              >
                Save note, not done
              </Button>
            ) : null}
            <Button type="submit" size="lg">
              {task?.done ? 'Save note' : 'Save and tick'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
