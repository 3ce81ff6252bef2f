import { NOT_COUNTED_YET } from '@web/features/operations/model/last-counted.ts';

/**
 * " · Counted Today 07:45 by Sam" at the end of a row's grey line. "Not counted yet" is left to wider screens: on a
 * phone the line is one truncated line, the empty field already says it, and the unit and PAR before it stay whole.
 */
export function LastCountedPart({ text }: { text: string }) {
  if (!text) return null;
  return <span className={text.startsWith(NOT_COUNTED_YET) ? 'hidden sm:inline' : undefined}> · {text}</span>;
}
