import { cn } from '@web/lib/cn.ts';
import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import type * as React from 'react';
import { buttonVariants } from './button.tsx';
import { dialogContentClassName, overlayClassName } from './dialog.tsx';
import { useFocusReturn } from './use-focus-return.ts';

export const CONFIRM_TEXT_DEFAULT = 'OK';
export const CANCEL_TEXT_DEFAULT = 'Cancel';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  message: React.ReactNode;
  confirmText?: string;
  cancelText?: string;
  onConfirm: () => void;
  onCancel?: () => void;
  /** Red confirm button, for actions that throw work away ('Clear all counts?'). */
  variant?: 'default' | 'destructive';
  /** Disables the confirm button while the action it starts is running. */
  confirmDisabled?: boolean;
}

/**
 * Requirements §2 confirm dialog: title, message, confirm (default 'OK') and cancel (default 'Cancel'). An alert
 * dialog: it does not close on an outside click, and focus starts on Cancel so Enter never destroys work
 * by accident.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmText = CONFIRM_TEXT_DEFAULT,
  cancelText = CANCEL_TEXT_DEFAULT,
  onConfirm,
  onCancel,
  variant = 'default',
  confirmDisabled = false,
}: ConfirmDialogProps) {
  // Opened by code: the control that had focus when it opened (Submit Count, Clear Counts) gets it back.
  const returnFocus = useFocusReturn(open);
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay data-slot="confirm-dialog-overlay" className={overlayClassName} />
        <AlertDialogPrimitive.Content
          data-slot="confirm-dialog"
          className={dialogContentClassName}
          onCloseAutoFocus={returnFocus}
        >
          <div className="flex flex-col gap-2 text-center sm:text-left">
            <AlertDialogPrimitive.Title className="font-semibold text-lg">{title}</AlertDialogPrimitive.Title>
            <AlertDialogPrimitive.Description className="text-muted-foreground text-sm">
              {message}
            </AlertDialogPrimitive.Description>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel
              className={cn(buttonVariants({ variant: 'outline', size: 'lg' }))}
              onClick={onCancel}
            >
              {cancelText}
            </AlertDialogPrimitive.Cancel>
            <AlertDialogPrimitive.Action
              className={cn(
                buttonVariants({
                  variant: variant === 'destructive' ? 'destructive' : 'default',
                  size: 'lg',
                }),
              )}
              disabled={confirmDisabled}
              onClick={onConfirm}
            >
              {confirmText}
            </AlertDialogPrimitive.Action>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
