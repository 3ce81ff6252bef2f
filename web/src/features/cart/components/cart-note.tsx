import { MAX_NOTE_LENGTH } from '@engine/cart-schemas.ts';
import { Label } from '@web/components/ui/label.tsx';
import { Textarea } from '@web/components/ui/textarea.tsx';
import { useEffect, useId, useRef } from 'react';

/** The note that goes with the order; saved when the field is left, and sent with the submission. */
export function CartNote({
  savedNote,
  value,
  onValueChange,
  onCommit,
  readOnly,
}: {
  savedNote: string;
  value: string;
  onValueChange: (value: string) => void;
  onCommit: () => void;
  readOnly: boolean;
}) {
  const id = useId();
  const focused = useRef(false);
  // A newly saved note (someone else's, or this one coming back trimmed) shows unless this person is typing.
  useEffect(() => {
    if (!focused.current) onValueChange(savedNote);
  }, [savedNote, onValueChange]);

  if (readOnly) {
    return savedNote ? (
      <div className="flex flex-col gap-1.5">
        <p className="font-medium text-sm">Note</p>
        <p className="whitespace-pre-line text-muted-foreground text-sm">{savedNote}</p>
      </div>
    ) : null;
  }
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Note for this order</Label>
      <Textarea
        id={id}
        value={value}
        maxLength={MAX_NOTE_LENGTH}
        placeholder="Delivery instructions, substitutions…"
        aria-describedby={`${id}-count`}
        onFocus={() => {
          focused.current = true;
        }}
        onChange={(event) => onValueChange(event.target.value)}
        onBlur={() => {
          focused.current = false;
          onCommit();
        }}
      />
      <p id={`${id}-count`} className="text-right text-muted-foreground text-xs tabular-nums">
        {value.length} / {MAX_NOTE_LENGTH}
      </p>
    </div>
  );
}
