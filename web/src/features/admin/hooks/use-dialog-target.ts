import { useCallback, useState } from 'react';

/**
 * What a form dialog is open for: nothing (closed), a new record (`openFor(null)`) or one to edit.
 * Spread `dialog` onto the dialog; closing it forgets the record. `openFor` keeps its identity, so rows that are
 * memoized can take it without drawing again.
 */
export function useDialogTarget<Target>() {
  const [target, setTarget] = useState<{ value: Target | null } | null>(null);
  const openFor = useCallback((value: Target | null) => setTarget({ value }), []);
  return {
    value: target?.value ?? null,
    openFor,
    dialog: {
      open: target !== null,
      onOpenChange: (open: boolean) => (open ? undefined : setTarget(null)),
    },
  };
}
