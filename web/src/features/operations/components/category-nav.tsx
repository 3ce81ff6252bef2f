import { Button } from '@web/components/ui/button.tsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';

/*
 * Below 360 px (a 320 px phone, or a page zoomed to 200 %) the two words and 'Category X of N' do not fit on one
 * row: the buttons keep their arrows and their names, and the words are left to screen readers.
 */
const narrowWord = 'max-[360px]:sr-only';

/**
 * Previous / Next, fixed at the bottom where a thumb reaches them (requirements §2); disabled at the first and last
 * category. Phones show 'Category X of N' between them, wider screens the neighbouring category names.
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
  return (
    <nav
      aria-label="Category navigation"
      className="fixed inset-x-0 bottom-0 z-30 border-border border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur supports-[backdrop-filter]:bg-background/85"
    >
      <div className="mx-auto flex h-[4.5rem] max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Button
          variant="outline"
          size="lg"
          className="px-3 sm:px-4"
          disabled={previous === undefined}
          onClick={() => onChange(current - 1)}
        >
          <ChevronLeft aria-hidden />
          <span className={narrowWord}>Previous</span>
          {previous ? (
            <span className="hidden max-w-48 truncate text-muted-foreground md:inline">· {previous}</span>
          ) : null}
        </Button>
        <p className="whitespace-nowrap text-muted-foreground text-sm tabular-nums sm:hidden">
          Category {Math.min(current + 1, total)} of {total}
        </p>
        <Button
          size="lg"
          className="px-4"
          disabled={next === undefined}
          onClick={() => onChange(current + 1)}
        >
          <span className={narrowWord}>Next</span>
          {next ? <span className="hidden max-w-48 truncate md:inline">· {next}</span> : null}
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
