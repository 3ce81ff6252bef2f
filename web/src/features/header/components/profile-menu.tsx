import type { AuthUser } from '@engine/api-schemas.ts';
import type { RoleKey } from '@engine/permissions.ts';
import { Link } from '@tanstack/react-router';
import { initialsOf, UserAvatar } from '@web/components/ui/avatar.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu.tsx';
import { signOut } from '@web/features/header/api/sign-out.ts';
import { KeyRound, LogOut } from 'lucide-react';
import { useState } from 'react';
import { InstallMenuItem, IosInstallSteps, UpdateMenuItem } from './install-app.tsx';

const ROLE_NAMES: Readonly<Record<RoleKey, string>> = {
  staff: 'Staff',
  cafe_manager: 'Café manager',
  district_manager: 'District manager',
  admin: 'Admin',
};

export function displayNameOf(user: Pick<AuthUser, 'firstName' | 'lastName' | 'email'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

// The initials need more contrast than muted text on a muted disc gives (WCAG AA, 4.5:1).
const avatarClass =
  '[&_[data-slot=avatar-fallback]]:font-semibold [&_[data-slot=avatar-fallback]]:text-foreground';

/** Where "Change password" leads: the same form the app shows after a one-time password. */
export const CHANGE_PASSWORD_PATH = '/account/password';

/**
 * The account button's name. It holds the initials people see on the button (WCAG 2.5.3, label in name), so
 * someone using speech input can say what they see: "Account: Mia Manager (MM)".
 */
export function accountButtonName(name: string): string {
  return `Account: ${name} (${initialsOf(name)})`;
}

/**
 * The person's picture (claims.profileImageUrl, initials without one), who they are, Change password,
 * Install Parstock and Reload to update when they apply (decision 034), and Sign out.
 */
export function ProfileMenu({ user }: { user: AuthUser }) {
  const name = displayNameOf(user);
  const [iosSteps, setIosSteps] = useState(false);
  return (
    <>
      <ProfileMenuContent user={user} name={name} onShowIosSteps={() => setIosSteps(true)} />
      <IosInstallSteps open={iosSteps} onOpenChange={setIosSteps} />
    </>
  );
}

function ProfileMenuContent({
  user,
  name,
  onShowIosSteps,
}: {
  user: AuthUser;
  name: string;
  onShowIosSteps: () => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={accountButtonName(name)}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full outline-none transition-shadow hover:ring-2 hover:ring-border focus-visible:ring-2 focus-visible:ring-ring"
      >
        <UserAvatar
          name={name}
          imageUrl={user.claims.profileImageUrl}
          className={`size-8 ${avatarClass}`}
          aria-hidden
        />
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
        <InstallMenuItem onShowIosSteps={onShowIosSteps} />
        <UpdateMenuItem />
        <DropdownMenuItem onSelect={() => void signOut().catch(() => {})}>
          <LogOut aria-hidden />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
