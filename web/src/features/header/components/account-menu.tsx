import type { AuthUser } from '@engine/api-schemas.ts';
import { ROLE_NAMES } from '@engine/permissions.ts';
import { Link } from '@tanstack/react-router';
import { UserAvatar } from '@web/components/ui/avatar.tsx';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu.tsx';
import { signOut } from '@web/features/header/api/sign-out.ts';
import { sharedBrowserStore, typedEditsWaiting } from '@web/lib/autosave/outbox-storage.ts';
import { plural } from '@web/lib/display-format.ts';
import { useWaitingWriteCount } from '@web/lib/offline/use-waiting-write-count.ts';
import { KeyRound, LogOut } from 'lucide-react';
import { useState } from 'react';
import { InstallMenuItem, IosInstallSteps, UpdateMenuItem } from './install-app.tsx';
import { AccountButton, avatarClass, CHANGE_PASSWORD_PATH } from './profile-menu.tsx';

/** "2 typed changes and 1 order change wait on this device for the network. Signed out, …" */
function signOutWarning({ orders, typed }: { orders: number; typed: number }): string {
  const parts = [
    ...(typed > 0 ? [plural(typed, 'typed change')] : []),
    ...(orders > 0 ? [plural(orders, 'order change')] : []),
  ];
  const one = typed + orders === 1;
  return `${parts.join(' and ')} ${one ? 'waits' : 'wait'} on this device for the network. Signed out, ${one ? 'it is' : 'they are'} sent only when you next sign in on this device.`;
}

/**
 * The account's Radix menu and the iPhone's install steps, loaded on first use (decision 082); `ProfileMenu` draws
 * the menu's button until then.
 */
export function AccountMenu({
  user,
  name,
  defaultOpen,
}: {
  user: AuthUser;
  name: string;
  defaultOpen: boolean;
}) {
  const [iosSteps, setIosSteps] = useState(false);
  const waiting = useWaitingWriteCount();
  // What waits when Sign out is chosen: order changes of this page, and edits typed on the device (counts, PARs, ticks).
  const [asked, setAsked] = useState<{ orders: number; typed: number } | null>(null);
  const leave = () => void signOut().catch(() => {});
  const askOrLeave = () => {
    const typed = typedEditsWaiting(sharedBrowserStore(), user.id);
    if (waiting > 0 || typed > 0) setAsked({ orders: waiting, typed });
    else leave();
  };
  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>
          <AccountButton user={user} name={name} />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-60">
          <DropdownMenuLabel className="flex items-center gap-3 py-2 font-normal">
            <UserAvatar
              name={name}
              imageUrl={user.claims.profileImageUrl}
              className={`size-9 ${avatarClass}`}
              aria-hidden
            />
            <span className="flex min-w-0 flex-col">
              <span className="truncate text-sm font-medium text-foreground">{name}</span>
              <span className="truncate text-xs text-muted-foreground">{ROLE_NAMES[user.role]}</span>
            </span>
          </DropdownMenuLabel>
          <p className="truncate px-2 pb-2 text-xs text-muted-foreground">{user.email}</p>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link to={CHANGE_PASSWORD_PATH}>
              <KeyRound aria-hidden />
              Change password
            </Link>
          </DropdownMenuItem>
          <InstallMenuItem onShowIosSteps={() => setIosSteps(true)} />
          <UpdateMenuItem />
          {/* A shared phone: an order change still waiting would go only when this person signs in here again. */}
          <DropdownMenuItem onSelect={askOrLeave}>
            <LogOut aria-hidden />
            Sign out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <IosInstallSteps open={iosSteps} onOpenChange={setIosSteps} />
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => (open ? undefined : setAsked(null))}
        title={
          asked?.typed
            ? asked.orders
              ? 'Sign out while changes wait?'
              : 'Sign out while typed changes wait?'
            : 'Sign out while an order change waits?'
        }
        message={asked ? signOutWarning(asked) : ''}
        confirmText="Sign out"
        cancelText="Stay signed in"
        onConfirm={leave}
      />
    </>
  );
}
