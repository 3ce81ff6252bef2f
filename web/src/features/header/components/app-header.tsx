import type { AuthUser } from '@engine/api-schemas.ts';
import { Link } from '@tanstack/react-router';
import { useSelectedAction } from '@web/lib/storage/selected-action.ts';
import { LocationPicker } from './location-picker.tsx';
import { OperationSelector } from './operation-selector.tsx';
import { ProfileMenu } from './profile-menu.tsx';

/**
 * Logo, operation selector, location picker and profile (requirements §1). On a 375 px phone everything stays on
 * one line: the wordmark hides, the selectors shrink to their icon and a short label.
 */
export function AppHeader({ user }: { user: AuthUser }) {
  const [, setAction] = useSelectedAction();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-1 px-3 sm:h-16 sm:gap-2 sm:px-6">
        <Link
          to="/"
          // Home is the list of operations, so the logo also puts down the one in hand.
          onClick={() => setAction(null)}
          className="mr-1 flex shrink-0 items-center gap-2 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring sm:mr-3"
        >
          <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
          <span className="hidden text-[1.0625rem] font-semibold tracking-tight text-foreground md:inline">
            Parstock
          </span>
          <span className="sr-only md:hidden">Parstock home</span>
        </Link>
        <div className="flex min-w-0 flex-1 items-center">
          <OperationSelector />
        </div>
        <LocationPicker />
        <ProfileMenu user={user} />
      </div>
    </header>
  );
}
