import type { AuthUser } from '@engine/api-schemas.ts';
import { initialsOf, UserAvatar } from '@web/components/ui/avatar.tsx';
import { CLOSED_MENU_TRIGGER, MenuOnFirstUse } from '@web/components/ui/menu-on-first-use.tsx';
import type { ComponentProps } from 'react';
import { headerMenus } from './header-menus-chunk.ts';

export function displayNameOf(user: Pick<AuthUser, 'firstName' | 'lastName' | 'email'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

// The initials need more contrast than muted text on a muted disc gives (WCAG AA, 4.5:1).
export const avatarClass =
  '[&_[data-slot=avatar-fallback]]:font-semibold [&_[data-slot=avatar-fallback]]:text-foreground';

/** Where "Change password" leads: the same form the app shows after a one-time password. */
export const CHANGE_PASSWORD_PATH = '/account/password';

/**
 * The account button's name. It holds the initials people see on the button (WCAG 2.5.3, label in name), so
 * someone using speech input can say what they see: "Account: Mia Manager, MM". Not in brackets: a checker (and
 * a speech tool) may take a bracketed aside as no part of the name.
 */
export function accountButtonName(name: string): string {
  return `Account: ${name}, ${initialsOf(name)}`;
}

/** The round button with the person's picture that opens the account menu (with Radix's props once loaded). */
export function AccountButton({
  user,
  name,
  ...props
}: { user: AuthUser; name: string } & ComponentProps<'button'>) {
  return (
    <button
      type="button"
      aria-label={accountButtonName(name)}
      className="inline-flex size-10 shrink-0 items-center justify-center rounded-full outline-none transition-shadow hover:ring-2 hover:ring-border focus-visible:ring-2 focus-visible:ring-ring"
      {...props}
    >
      <UserAvatar
        name={name}
        imageUrl={user.claims.profileImageUrl}
        className={`size-8 ${avatarClass}`}
        aria-hidden
      />
    </button>
  );
}

/**
 * The person's picture (claims.profileImageUrl, initials without one), who they are, Change password,
 * Install Parstock and Reload to update when they apply (decision 034), and Sign out. The menu itself loads on
 * first use (decision 082).
 */
export function ProfileMenu({ user }: { user: AuthUser }) {
  const name = displayNameOf(user);
  return (
    <MenuOnFirstUse
      chunk={headerMenus}
      trigger={(use) => <AccountButton {...use} user={user} name={name} {...CLOSED_MENU_TRIGGER} />}
      menu={({ AccountMenu }, open) => <AccountMenu user={user} name={name} defaultOpen={open} />}
    />
  );
}
