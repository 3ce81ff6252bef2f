import type { AuthUser } from '@engine/api-schemas.ts';
import { isValidLocation } from '@engine/operations.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { TooltipProvider } from '@web/components/ui/tooltip.tsx';
import { AppHeader } from '@web/features/header/components/app-header.tsx';
import { NeedsConnection } from '@web/features/offline/components/needs-connection.tsx';
import { OfflineListNotice } from '@web/features/offline/components/offline-list-notice.tsx';
import { WaitingWritesLine } from '@web/features/offline/components/waiting-writes-line.tsx';
import { loadedModule, useLoadedModule } from '@web/lib/loaded-module.ts';
import { useKeepNightlySheet } from '@web/lib/offline/use-keep-nightly-sheet.ts';
import { useRefreshWhenOnline } from '@web/lib/offline/use-refresh-when-online.ts';
import { useWaitingWrites } from '@web/lib/offline/use-waiting-writes.ts';
import { operationReadUrls, preloadOperationData } from '@web/lib/preload-operation-data.ts';
import { useApplyUiStyles } from '@web/lib/shared-reads/ui-settings.ts';
import { useUserLocations } from '@web/lib/shared-reads/user-locations.ts';
import { rememberConfirmedLocation, wasConfirmedFor } from '@web/lib/storage/confirmed-location.ts';
import { useSelectedLocation } from '@web/lib/storage/selected-location.ts';
import { type ReactNode, useEffect, useState } from 'react';
import { ShellPending } from './route-pending.tsx';

/**
 * The page for replacing a one-time password loads when someone needs it: with it would come the password's rules
 * (zod schemas), which every other start of the app would build for nothing (bench/README.md).
 */
const chooseNewPasswordPage = loadedModule(() => import('./choose-new-password-page.tsx'));

/**
 * Warms the cache with what the operation screens read first — products, the chosen café's inventory and
 * the category order, in parallel (requirements §7) — once it is known which café that is.
 */
function usePreloadOperationData(userId: number): void {
  const queryClient = useQueryClient();
  const locations = useUserLocations();
  const [stored] = useSelectedLocation();
  const locationId = locations.isPending
    ? undefined
    : locations.isSuccess && isValidLocation(stored?.id, locations.data)
      ? Number(stored?.id)
      : null;
  // The café chosen last time is nearly always today's: its reads start now, beside the locations read, instead
  // of a round trip later (at 20,000 products the inventory is the slowest read of the start) — when this device
  // has seen it confirmed as this person's. On a start of the app they left with the session check (decision
  // 080) and are taken from there. The server checks the café all the same; a refusal stays quiet here and the
  // checked preload below reports and retries.
  const storedId = Number(stored?.id);
  useState(() => {
    if (Number.isInteger(storedId) && storedId > 0 && wasConfirmedFor(userId, storedId)) {
      void preloadOperationData(queryClient, storedId, true);
    }
  });
  useEffect(() => {
    if (locationId === undefined) return;
    if (locationId !== null) rememberConfirmedLocation(userId, locationId, operationReadUrls(locationId));
    void preloadOperationData(queryClient, locationId);
  }, [queryClient, locationId, userId]);
  useKeepNightlySheet(locationId);
}

/**
 * The frame around every signed-in screen: header, the saved UI styles, and the preload. Someone still on a
 * one-time password gets only the page to replace it: the server answers nothing else until then.
 */
export function SignedInShell({ user, children }: { user: AuthUser; children: ReactNode }) {
  useApplyUiStyles();
  const passwordPage = useLoadedModule(chooseNewPasswordPage, user.mustChangePassword);
  if (!user.mustChangePassword) return <AppFrame user={user}>{children}</AppFrame>;
  if (!passwordPage) return <ShellPending />;
  return <passwordPage.ChooseNewPasswordPage user={user} />;
}

/**
 * The screens that work with no network (decision 034): the operations on the home page, and the café's
 * checklist, whose ticks wait in the outbox like counts.
 */
const OFFLINE_PATHS: ReadonlySet<string> = new Set(['/', '/cafe-ops-tracker']);

function AppFrame({ user, children }: { user: AuthUser; children: ReactNode }) {
  usePreloadOperationData(user.id);
  useRefreshWhenOnline();
  useWaitingWrites(user.id);
  const { pathname } = useLocation();
  return (
    <TooltipProvider>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-background px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <AppHeader user={user} />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
          <WaitingWritesLine />
          {OFFLINE_PATHS.has(pathname) ? (
            <>
              <OfflineListNotice />
              {children}
            </>
          ) : (
            <NeedsConnection screen={pathname}>{children}</NeedsConnection>
          )}
        </main>
      </div>
    </TooltipProvider>
  );
}
