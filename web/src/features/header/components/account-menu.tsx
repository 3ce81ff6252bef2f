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
import { waitingWritesText } from '@web/features/offline/components/waiting-writes-line.tsx';
import { useWaitingWriteCount } from '@web/lib/offline/use-waiting-write-count.ts';
import { KeyRound, LogOut } from 'lucide-react';
import { useState } from 'react';
import { InstallMenuItem, IosInstallSteps, UpdateMenuItem } from './install-app.tsx';
import { AccountButton, avatarClass, CHANGE_PASSWORD_PATH } from './profile-menu.tsx';

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
  const [confirmSignOut, setConfirmSignOut] = useState(false);
  const leave = () => void signOut().catch(() => {});
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
          <DropdownMenuItem onSelect={() => (waiting > 0 ? setConfirmSignOut(true) : leave())}>
            <LogOut aria-hidden />
            Sign out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <IosInstallSteps open={iosSteps} onOpenChange={setIosSteps} />
      <ConfirmDialog
        open={confirmSignOut}
        onOpenChange={setConfirmSignOut}
        title="Sign out while an order change waits?"
        message={`${waitingWritesText(waiting)} for the network. Signed out, ${waiting === 1 ? 'it is' : 'they are'} sent only when you next sign in on this device.`}
        confirmText="Sign out"
        cancelText="Stay signed in"
        onConfirm={leave}
      />
    </>
  );
}
