import type { Location } from '@engine/api-schemas.ts';
import { Button } from '@web/components/ui/button.tsx';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { BusyOverlay } from './busy-overlay.tsx';
import { CategoryNav } from './category-nav.tsx';
import { CategoryProgress } from './category-progress.tsx';
import { type FrameAutosave, FrameAutosaveBanner, FrameAutosavePill } from './frame-autosave.tsx';

export interface CategoryStepper {
  names: readonly string[];
  current: number;
  onChange: (index: number) => void;
  /** The percent bar's value when there is at most one category. */
  percent: number;
  percentLabel: string;
}

/*
 * A control focused by Tab is scrolled clear of the sticky header and category heading above and of the fixed
 * Previous / Next bar below (WCAG 2.4.11), as the count field is. On a short viewport neither bar is fixed (see
 * CategoryNav) and only the header's height is kept clear. The bottom padding leaves room for the fixed bar.
 */
const FRAME_CLASS = [
  '-mt-2 pb-20 sm:mt-0 [@media(max-height:30rem)]:pb-0',
  '[&_:where(a,button,input,select,textarea)]:scroll-mt-36 [&_:where(a,button,input,select,textarea)]:scroll-mb-28',
  '[@media(max-height:30rem)]:[&_:where(a,button,input,select,textarea)]:scroll-mt-16',
  '[@media(max-height:30rem)]:[&_:where(a,button,input,select,textarea)]:scroll-mb-4',
].join(' ');

/**
 * The operation screen of requirements §2: the action and current category in the header with the autosave pill,
 * the screen's own top bar, the floating autosave banner, the category progress, the list, Previous/Next
 * fixed at the bottom, and the full-screen overlay while a whole-count action runs.
 */
export function OperationFrame({
  actionName,
  location,
  categoryName,
  categoryDetail,
  autosave,
  onRetry,
  onDismissRefused,
  onRetryRefused,
  onLeave,
  toolbar,
  notices,
  stepper,
  busyText,
  listTools,
  children,
}: {
  actionName: string;
  location: Location;
  categoryName: string | null;
  categoryDetail?: ReactNode;
  /** The screen's outbox, for the autosave pill and banner. */
  autosave: FrameAutosave | null;
  onRetry: () => void;
  /** Forgets the changes the server refused for good, once the person has read why. */
  onDismissRefused?: () => void;
  /** Sends the refused changes once more: the reason may be gone (a café given back, a PAR unlocked). */
  onRetryRefused?: () => void;
  onLeave: () => void;
  toolbar?: ReactNode;
  notices?: ReactNode;
  stepper: CategoryStepper | null;
  busyText: string | null;
  /** Search, filter and bulk actions above the list. */
  listTools?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="operation-title" className={FRAME_CLASS}>
      {autosave ? (
        <FrameAutosaveBanner
          autosave={autosave}
          onRetry={onRetry}
          onDismiss={onDismissRefused}
          onSendAgain={onRetryRefused}
        />
      ) : null}
      {/* The buttons go under the name when its longest word would not fit beside them (larger browser text), rather
          than the name breaking inside a word; the café line's width counts for nothing in that (w-0 min-w-full). */}
      <div className="mb-3 flex flex-wrap items-end justify-between gap-x-3 gap-y-2 sm:mb-6">
        <div className="min-w-min flex-1 basis-0">
          <p className="w-0 min-w-full truncate font-medium text-muted-foreground text-xs sm:mb-1 sm:text-sm">
            {location.name} <span>· {location.code}</span>
          </p>
          <h1 id="operation-title" className="text-xl tracking-tight text-foreground sm:text-[1.75rem]">
            {actionName}
          </h1>
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-2">
          {autosave ? <FrameAutosavePill autosave={autosave} /> : null}
          <Button variant="outline" onClick={onLeave} aria-label="All operations" className="px-3 sm:px-4">
            <ArrowLeft aria-hidden />
            <span className="hidden sm:inline">All operations</span>
          </Button>
        </div>
      </div>

      {toolbar ? <div className="mb-3 sm:mb-4">{toolbar}</div> : null}
      {notices ? <div className="mb-3 flex flex-col gap-3 sm:mb-4">{notices}</div> : null}

      {stepper ? (
        <div className="mb-2 sm:mb-4">
          <CategoryProgress
            categories={stepper.names}
            current={stepper.current}
            onSelect={stepper.onChange}
            percent={stepper.percent}
            percentLabel={stepper.percentLabel}
          />
        </div>
      ) : null}

      {listTools}

      {categoryName ? (
        <div
          data-testid="category-heading"
          className="sticky top-14 z-20 [@media(max-height:30rem)]:static -mx-4 mb-0 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-border border-b bg-background/95 px-4 py-1.5 backdrop-blur sm:static sm:mx-0 sm:mb-3 sm:border-0 sm:bg-transparent sm:px-0 sm:py-0 sm:backdrop-blur-none"
        >
          <h2 className="text-base text-foreground sm:text-xl" data-testid="current-category">
            {categoryName}
          </h2>
          {categoryDetail ? <p className="text-muted-foreground text-sm">{categoryDetail}</p> : null}
        </div>
      ) : null}

      {children}

      {stepper && stepper.names.length > 0 ? (
        <CategoryNav categories={stepper.names} current={stepper.current} onChange={stepper.onChange} />
      ) : null}
      <BusyOverlay text={busyText} />
    </section>
  );
}
