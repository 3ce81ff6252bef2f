import { Button } from '@web/components/ui/button.tsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';

/*
 * Where the bar has less than 22.5rem (a 320 px phone, a page zoomed to 200 %, or a 390 px phone whose browser
 * text is set to 20–24 px) the two words and 'Category X of N' do not fit on one row: the buttons keep their
 * arrows and their names, and the words are left to screen readers. A container query in rem, not a media query in
 * px, so larger text counts as less room (WCAG 1.4.4).
 */
const narrowWord = '@max-[22.5rem]:sr-only';

/**
 * Previous / Next, fixed at the bottom where a thumb reaches them (requirements §2); disabled at the first and last
 * category. Phones show 'Category X of N' between them, wider screens the neighbouring category names.
 *
 * On a short viewport (a landscape phone, 400 % zoom) a fixed bar would hide most of what is left under the
 * header, and the controls focused behind it (WCAG 2.4.11): there it sits at the end of the list instead.
 */
export function CategoryNav({
  categories,
  current,
  onChange,
}: {
  categories: readonly string[];
  current: number;
  onChange: (index: number) => void;
}) {
  const total = Math.max(categories.length, 1);
  const previous = categories[current - 1];
  const next = categories[current + 1];
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  // The button pressed to reach the first or last category is disabled by that press, and the browser drops its
  // focus to the page's body (WCAG 2.4.3): the focus goes to the other button, which still leads somewhere.
  const pressed = useRef<'previous' | 'next' | null>(null);
  useLayoutEffect(() => {
    const by = pressed.current;
    pressed.current = null;
    if (by === 'next' && next === undefined) previousRef.current?.focus();
    if (by === 'previous' && previous === undefined) nextRef.current?.focus();
  }, [next, previous]);
  return (
    <nav
      aria-label="Category navigation"
      className="@container fixed inset-x-0 bottom-0 z-30 border-border border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur supports-[backdrop-filter]:bg-background/85 [@media(max-height:30rem)]:static [@media(max-height:30rem)]:mt-4"
    >
      <div className="mx-auto flex min-h-[4.5rem] max-w-6xl items-center justify-between gap-3 px-4 py-1 sm:px-6">
        <Button
          ref={previousRef}
          variant="outline"
          size="lg"
          className="h-auto px-3 sm:px-4"
          disabled={previous === undefined}
          onClick={() => {
            pressed.current = 'previous';
            onChange(current - 1);
          }}
        >
          <ChevronLeft aria-hidden />
          <span className={narrowWord}>Previous</span>
          {previous ? (
            <span className="hidden max-w-48 truncate text-muted-foreground md:inline">
              {/* Heard as "Previous: Espresso & Coffee", not "Previous· Espresso & Coffee". */}
              <span className="sr-only">: </span>
              <span aria-hidden>· </span>
              {previous}
            </span>
          ) : null}
        </Button>
        <p className="min-w-0 text-center text-muted-foreground text-sm tabular-nums sm:hidden">
          Category {Math.min(current + 1, total)} of {total}
        </p>
        <Button
          ref={nextRef}
          size="lg"
          className="h-auto px-4"
          disabled={next === undefined}
          onClick={() => {
            pressed.current = 'next';
            onChange(current + 1);
          }}
        >
          <span className={narrowWord}>Next</span>
          {next ? (
            <span className="hidden max-w-48 truncate md:inline">
              <span className="sr-only">: </span>
              <span aria-hidden>· </span>
              {next}
            </span>
          ) : null}
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
