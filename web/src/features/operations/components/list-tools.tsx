import { Button } from '@web/components/ui/button.tsx';
import { Checkbox } from '@web/components/ui/checkbox.tsx';
import { CheckCheck } from 'lucide-react';
import { type ReactNode, useId } from 'react';

/** The row above a list: the search box, and for counting screens the filter and Confirm all. */
export function ListTools({ search, children }: { search: ReactNode; children?: ReactNode }) {
  return (
    <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      {search}
      {children ? (
        <div className="grid grid-cols-2 items-center gap-2 sm:flex sm:justify-end">{children}</div>
      ) : null}
    </div>
  );
}

export function UncountedOnlyToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className="flex min-h-11 cursor-pointer items-center gap-2 pl-1 text-sm leading-tight sm:whitespace-nowrap"
    >
      <Checkbox id={id} checked={on} onCheckedChange={(checked) => onChange(checked === true)} />
      Show uncounted only
    </label>
  );
}

export function ConfirmAllButton({
  waiting,
  disabled,
  onConfirm,
}: {
  /** Counted products of the category that are not confirmed. */
  waiting: number;
  disabled: boolean;
  onConfirm: () => void;
}) {
  return (
    <Button
      variant="outline"
      className="h-11 whitespace-normal px-2 text-xs leading-tight sm:whitespace-nowrap sm:px-3 sm:text-sm"
      disabled={disabled || waiting === 0}
      onClick={onConfirm}
    >
      <CheckCheck aria-hidden />
      Confirm all in this category
      {waiting > 0 ? <span className="text-muted-foreground tabular-nums">({waiting})</span> : null}
    </Button>
  );
}
