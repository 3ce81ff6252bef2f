import type { AuthUser } from '@engine/api-schemas.ts';
import type { OperationKey } from '@engine/operations.ts';
import type { PermissionKey } from '@engine/permissions.ts';
import { entryDescription, HOME_ENTRIES } from '@web/features/home/home-entries.ts';
import { usePermissions } from '@web/lib/shared-reads/use-permissions.ts';
import { ApproverSection } from './approver-section.tsx';
import { type EntryState, HomeEntryCard } from './home-entry-card.tsx';

function greeting(now: Date): string {
  const hour = now.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/**
 * Home with no operation chosen: a welcome and the seven entries of requirements §1, each gated by permission, and
 * for those who approve orders, what waits for them.
 */
export function WelcomePanel({
  user,
  onChooseOperation,
}: {
  user: AuthUser;
  onChooseOperation: (operation: OperationKey) => void;
}) {
  const { has, ready } = usePermissions();
  const stateOf = (permission: (typeof HOME_ENTRIES)[number]['permission']): EntryState => {
    if (permission === null) return 'allowed';
    if (!ready) return 'checking';
    return has(permission) ? 'allowed' : 'denied';
  };
  // Until the permissions are read, each card says all it offers, as it does for most roles.
  const mayDo = (permission: PermissionKey) => !ready || has(permission);
  const operations = HOME_ENTRIES.filter((entry) => entry.kind === 'operation');
  const screens = HOME_ENTRIES.filter((entry) => entry.kind === 'screen');

  return (
    <div className="flex flex-col gap-10">
      <div>
        <h1 className="text-2xl tracking-tight text-foreground sm:text-[1.75rem]">
          {/* Without a first name the greeting stands alone: "Good afternoon, there" reads as a slip. */}
          {user.firstName ? `${greeting(new Date())}, ${user.firstName}` : greeting(new Date())}
        </h1>
        <p className="mt-1.5 text-muted-foreground">Welcome to Parstock. What are you working on?</p>
      </div>

      {/* What waits for an approver comes before the operations they rarely run themselves. */}
      {ready && has('approve_orders') ? <ApproverSection /> : null}

      <section aria-labelledby="home-operations" className="flex flex-col gap-3">
        <h2 id="home-operations" className="text-sm font-medium text-muted-foreground">
          Operations
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {operations.map((entry) => (
            <li key={entry.title}>
              <HomeEntryCard
                entry={entry}
                state={stateOf(entry.permission)}
                description={entryDescription(entry, mayDo)}
                onChooseOperation={(chosen) => onChooseOperation(chosen.operation)}
              />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="home-more" className="flex flex-col gap-3">
        <h2 id="home-more" className="text-sm font-medium text-muted-foreground">
          Orders and settings
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {screens.map((entry) => (
            <li key={entry.title}>
              <HomeEntryCard
                entry={entry}
                state={stateOf(entry.permission)}
                description={entryDescription(entry, mayDo)}
              />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
