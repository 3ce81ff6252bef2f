import { MAX_COUNT } from '@engine/counting-schemas.ts';
import { buttonVariants } from '@web/components/ui/button-variants.ts';
import {
  formatQuantity,
  parseQuantityText,
  type QuantityRule,
  quarterRule,
  stepQuantity,
} from '@web/features/operations/model/quantity-text.ts';
import { cn } from '@web/lib/cn.ts';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { FOCUS_INDEX_ATTRIBUTE, useListFocus } from './list-focus.ts';

/** 'Count of Oat Milk' → 'count of Oat Milk'; an acronym such as 'PAR' keeps its capitals. */
function inSentence(label: string): string {
  const [first = '', second = ''] = label;
  return second === second.toLowerCase() ? `${first.toLowerCase()}${label.slice(1)}` : label;
}

// Computed once: a counting list renders two of these buttons for every row that scrolls into view.
const STEP_BUTTON_CLASS = buttonVariants({ variant: 'outline', size: 'icon' });

/** Lucide's minus and plus, drawn without an icon component per button. */
function StepIcon({ plus }: { plus: boolean }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      className="size-4"
    >
      <path d={plus ? 'M5 12h14M12 5v14' : 'M5 12h14'} />
    </svg>
  );
}

/**
 * A quantity field with − and + (44 px targets for thumbs). Every valid keystroke is handed to `onChange`
 * at once, so the autosave outbox holds it before the person looks up; Enter moves to the next item's field.
 * A value that cannot be stored stays in the field, marked, with the reason, and is not sent: the value from before
 * the typing is sent back in place of the keystrokes that led to it.
 */
export function QuantityStepper({
  label,
  value,
  onChange,
  focusIndex,
  max = MAX_COUNT,
  rule = quarterRule(max),
  readOnly = false,
  disabled = false,
  compact = false,
  onEnter,
}: {
  /** The field's accessible name, e.g. 'Count of Oat Milk'; the buttons say 'Decrease …' / 'Increase …'. */
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  focusIndex: number;
  max?: number;
  /** What can be stored; quarters up to `max` unless told otherwise (order quantities take cents). */
  rule?: QuantityRule;
  readOnly?: boolean;
  disabled?: boolean;
  /**
   * A narrower field on phones, for rows that keep their controls on the name's line: six figures (100000) fit, or
   * five beside Square's figure (`'narrow'`, Nightly Counts), where the name needs the room.
   */
  compact?: boolean | 'narrow';
  /** Enter on a valid value, before focus moves on: counting rows confirm the number (one key per product). */
  onEnter?: (value: number | null) => void;
}) {
  const focus = useListFocus();
  const errorId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? formatQuantity(value);
  const parsed = parseQuantityText(text, rule);
  const error = draft !== null && !parsed.ok ? parsed.message : null;
  const locked = readOnly || disabled;
  const fieldRef = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  /** Enter pressed on a value that cannot be stored: the reason is said again (a new alert), as nothing else happens. */
  const [retold, setRetold] = useState(0);
  /**
   * The stored value when the typing began. Each valid keystroke is sent at once, so "15000" is on its way when
   * "150000" turns the text invalid: the value from before the typing is then sent back, and the number stored is
   * never one the person only passed through.
   */
  const beforeTyping = useRef<number | null>(null);

  // A number that arrives while the field has the focus and nothing is typed in it yet (another tab saved it,
  // decision 109) replaces the text and leaves the caret after it, so the next key would join the two ("100101").
  // It is selected, as the number was on focus, and the next key types over it.
  useLayoutEffect(() => {
    const field = fieldRef.current;
    if (draft === null && field === document.activeElement && field?.value === text) field.select();
  }, [draft, text]);

  // The reason shows under the field: in a row at the bottom of a phone's screen it would appear under the fixed
  // Previous / Next bar. It is brought into view (its bottom margin clears the bar) while the person types.
  useLayoutEffect(() => {
    if (error && fieldRef.current === document.activeElement)
      errorRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error]);

  const step = (delta: number) => {
    setDraft(null);
    onChange(stepQuantity(parsed.ok ? parsed.value : value, delta, max));
  };

  const minus = (
    <button
      type="button"
      data-slot="button"
      className={STEP_BUTTON_CLASS}
      aria-label={`Decrease ${inSentence(label)}`}
      disabled={locked || (value ?? 0) <= 0}
      onClick={() => step(-1)}
    >
      <StepIcon plus={false} />
    </button>
  );
  const plus = (
    <button
      type="button"
      data-slot="button"
      className={STEP_BUTTON_CLASS}
      aria-label={`Increase ${inSentence(label)}`}
      disabled={locked || (value ?? 0) >= max}
      onClick={() => step(1)}
    >
      <StepIcon plus />
    </button>
  );

  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex items-center gap-1 sm:gap-1.5">
        {minus}
        <input
          ref={fieldRef}
          type="text"
          inputMode="decimal"
          enterKeyHint="next"
          autoComplete="off"
          spellCheck={false}
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...{ [FOCUS_INDEX_ATTRIBUTE]: focusIndex }}
          value={text}
          readOnly={readOnly}
          disabled={disabled}
          placeholder="–"
          onFocus={(event) => event.currentTarget.select()}
          onChange={(event) => {
            const next = event.currentTarget.value;
            if (draft === null) beforeTyping.current = value;
            setDraft(next);
            const reading = parseQuantityText(next, rule);
            if (reading.ok) {
              if (reading.value !== value) onChange(reading.value);
            } else if (value !== beforeTyping.current) {
              onChange(beforeTyping.current);
            }
          }}
          onBlur={() => {
            if (parsed.ok) setDraft(null);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
            event.preventDefault();
            if (!parsed.ok) {
              setRetold((times) => times + 1);
              return;
            }
            setDraft(null);
            if (!locked) onEnter?.(parsed.value);
            focus?.focusNext(focusIndex);
          }}
          // No transition on the focus ring: animating box-shadow repaints the page on every frame for 150 ms
          // after each Enter (the ring leaving one field and reaching the next), which made most keys of a count
          // a long task on a slow tablet (bench/README.md, "The count field's focus ring drawn at once").
          className={cn(
            'h-11 min-w-0 scroll-mt-36 scroll-mb-28 rounded-[var(--ui-input-radius,var(--radius))] border border-input bg-background',
            'text-center text-base tabular-nums text-foreground shadow-xs outline-none sm:w-24',
            'placeholder:text-muted-foreground/60 focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/50',
            'read-only:bg-muted read-only:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50',
            'aria-invalid:border-destructive aria-invalid:ring-destructive/30',
            compact === 'narrow' ? 'w-14 px-0.5 sm:px-2' : compact ? 'w-16 px-0.5 sm:px-2' : 'w-20 px-2',
          )}
        />
        {plus}
      </div>
      {/* An alert as it appears, and again when Enter is pressed on it (a new element: `key`), so a screen reader hears
          why the number is not taken; not at every keystroke, as the words change only with the reason. */}
      {error ? (
        <p
          key={retold}
          ref={errorRef}
          id={errorId}
          role="alert"
          className="max-w-56 scroll-mb-24 text-right text-destructive text-xs"
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
