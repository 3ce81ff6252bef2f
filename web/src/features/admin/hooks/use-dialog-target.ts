import { useState } from 'react';

/**
 * What a form dialog is open for: nothing (closed), a new record (`openFor(null)`) or one to edit.
 * Spread `dialog` onto the dialog; closing it forgets the record.
 */
export function useDialogTarget<Target>() {
  const [target, setTarget] = useState<{ value: Target | null } | null>(null);
  return {
    value: target?.value ?? null,
    openFor: (value: Target | null) => setTarget({ value }),
    dialog: {
      open: target !== null,
      onOpenChange: (open: boolean) => (open ? undefined : setTarget(null)),
    },
  };
}
