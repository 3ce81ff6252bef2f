import { useOnline } from '@web/lib/offline/use-online.ts';
import { Loader2 } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from './button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './dialog.tsx';
import { Label } from './label.tsx';
import { OfflineWaitNote } from './offline-wait-note.tsx';
import { Textarea } from './textarea.tsx';

export const COMMENT_MAX_LENGTH = 1000;

/**
 * Confirms an action on an order and takes a comment for its history: optional, or required (a rejection
 * must say why). The confirm button shows progress and cannot be pressed twice.
 */
export function CommentDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmText,
  cancelText = 'Cancel',
  commentLabel = 'Comment (optional)',
  commentRequired = false,
  requiredMessage = 'Add a comment.',
  destructive = false,
  busy = false,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  message: ReactNode;
  confirmText: string;
  cancelText?: string;
  commentLabel?: string;
  commentRequired?: boolean;
  requiredMessage?: string;
  destructive?: boolean;
  busy?: boolean;
  onConfirm: (comment: string) => void;
  /** Shown between the message and the comment, e.g. what a bulk action covers. */
  children?: ReactNode;
}) {
  const id = useId();
  const [comment, setComment] = useState('');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (open) {
      setComment('');
      setTried(false);
    }
  }, [open]);
  const missing = commentRequired && comment.trim() === '';
  // Offline, the action waits for the network (decision 094), which may take long: the dialog may be closed
  // meanwhile ("Close and send later", not Cancel: the action still goes). Online, it stays until the answer comes.
  const online = useOnline();
  const closable = !busy || !online;

  return (
    <Dialog open={open} onOpenChange={(next) => (closable ? onOpenChange(next) : undefined)}>
      {/* A field focused in the list (a bad quantity) is scrolled clear of the buttons below it. */}
      <DialogContent
        className="scroll-pb-40 sm:scroll-pb-24"
        // Focusing an optional comment would open a phone's keyboard over the dialog for a field most people leave
        // empty: the dialog itself takes the focus, and Tab reaches the field. A required comment (a rejection's
        // reason) must be written, so it is focused.
        onOpenAutoFocus={
          commentRequired
            ? undefined
            : (event) => {
                event.preventDefault();
                (event.currentTarget as HTMLElement | null)?.focus();
              }
        }
      >
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            setTried(true);
            if (missing || busy) return;
            onConfirm(comment.trim());
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{message}</DialogDescription>
          </DialogHeader>
          {children}
          <div className="grid gap-2">
            <Label htmlFor={id}>{commentLabel}</Label>
            <Textarea
              id={id}
              value={comment}
              maxLength={COMMENT_MAX_LENGTH}
              aria-invalid={tried && missing ? true : undefined}
              aria-describedby={tried && missing ? `${id}-error` : undefined}
              onChange={(event) => setComment(event.target.value)}
            />
            {tried && missing ? (
              <p id={`${id}-error`} className="text-destructive text-sm" role="alert">
                {requiredMessage}
              </p>
            ) : null}
          </div>
          <OfflineWaitNote waiting={busy} />
          {/* A long list above (a delivery's 23 lines on a phone) scrolls under the buttons, which stay in reach:
              sticky inside the padding, hence the offset.
              The negative margins keep the spacing of a short dialog and cover the dialog's padding. */}
          <DialogFooter className="sticky -bottom-6 -mx-6 -mt-4 -mb-6 bg-background px-6 pt-4 pb-6">
            <Button
              type="button"
              variant="outline"
              size="lg"
              disabled={!closable}
              onClick={() => onOpenChange(false)}
            >
              {busy && closable ? 'Close and send later' : cancelText}
            </Button>
            <Button type="submit" size="lg" variant={destructive ? 'destructive' : 'default'} disabled={busy}>
              {busy ? <Loader2 aria-hidden className="animate-spin" /> : null}
              {confirmText}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
