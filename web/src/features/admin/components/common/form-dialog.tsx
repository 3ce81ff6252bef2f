import { Button } from '@web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog.tsx';
import { OfflineWaitNote } from '@web/components/ui/offline-wait-note.tsx';
import { type FormEvent, Fragment, type ReactNode, useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';

/**
 * A dialog whose form mounts only while it is open, and afresh for each record (`formKey`), so a draft
 * never outlives its dialog nor leaks into the next record's. The form gets `close` for Cancel and Done.
 */
export function FormDialog({
  open,
  onOpenChange,
  formKey,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  formKey?: string | number;
  className?: string;
  children: (close: () => void) => ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        {open ? <Fragment key={formKey}>{children(() => onOpenChange(false))}</Fragment> : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The form inside a `FormDialog`, headed by its title and what it is for. The engine's schemas judge the
 * fields, so the browser's own validation stays off.
 */
export function DialogForm({
  title,
  description,
  onSubmit,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  onSubmit: () => void;
  children: ReactNode;
}) {
  // A refused submit left the focus on the submit button and said nothing (WCAG 3.3.1): the focus goes to the first
  // field marked invalid, whose error a screen reader reads with it. Marked at once by the form's own check, or
  // later by the server's answer, until the person types again.
  const form = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  const focusFirstInvalid = () => {
    if (!submitted.current) return;
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!invalid) return;
    submitted.current = false;
    invalid.focus();
  };
  useEffect(focusFirstInvalid);
  function submit(event: FormEvent) {
    event.preventDefault();
    submitted.current = true;
    // The form's check marks its fields in this render, not a later one: the focus can follow at once.
    flushSync(onSubmit);
    focusFirstInvalid();
  }
  return (
    <form
      ref={form}
      onSubmit={submit}
      onInput={() => {
        submitted.current = false;
      }}
      noValidate
      className="grid gap-5"
    >
      <DialogHeader className="max-sm:px-8">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {children}
    </form>
  );
}

interface CancelAndSubmitProps {
  onCancel: () => void;
  /** While the save is in flight the submit button waits, so a second press cannot send it twice. */
  pending: boolean;
  submitLabel: ReactNode;
}

/** Cancel, then the form's submit button. */
export function CancelAndSubmit({ onCancel, pending, submitLabel }: CancelAndSubmitProps) {
  return (
    <>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {submitLabel}
      </Button>
    </>
  );
}

/** A dialog form's footer when Cancel and submit are all it holds. */
export function FormDialogFooter(props: CancelAndSubmitProps) {
  return (
    <>
      <OfflineWaitNote waiting={props.pending} />
      <DialogFooter>
        <CancelAndSubmit {...props} />
      </DialogFooter>
    </>
  );
}
