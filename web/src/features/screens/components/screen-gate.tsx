import type { PermissionKey } from '@engine/permissions.ts';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { usePermissions } from '@web/lib/shared-reads/use-permissions.ts';
import type { ReactNode } from 'react';
import { AccessDenied } from './access-denied.tsx';

/**
 * Shows `children` only to people whose role holds `permission`. Until the role and the permission map
 * have loaded nobody holds anything (requirements §6), so that moment is a spinner, not a refusal.
 */
export function ScreenGate({
  title,
  permission,
  children,
}: {
  title: string;
  permission: PermissionKey | null;
  children: ReactNode;
}) {
  const { has, ready } = usePermissions();
  if (permission === null) return children;
  if (!ready) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={`Loading ${title}`} />
      </div>
    );
  }
  if (!has(permission)) return <AccessDenied title={title} />;
  return children;
}
