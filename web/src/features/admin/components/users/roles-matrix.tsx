import type { AdminRole } from '@engine/admin-role-schemas.ts';
import { PERMISSION_KEYS, type PermissionKey } from '@engine/permissions.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Checkbox } from '@web/components/ui/checkbox.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { useAdminRoles } from '@web/features/admin/api/admin-roles.ts';
import { useSaveRolePermissions } from '@web/features/admin/api/save-role-permissions.ts';
import { MutationError } from '@web/features/admin/components/common/mutation-error.tsx';
import { QueryState } from '@web/features/admin/components/common/query-state.tsx';
import { SectionCard } from '@web/features/admin/components/common/section-card.tsx';
import { changesOf, type RoleEdits, toggledEdits } from '@web/features/admin/role-edits.ts';
import { errorCodeOf } from '@web/lib/api-client.ts';
import { Info } from 'lucide-react';
import { useId, useMemo, useState } from 'react';

/**
 * Which role may do what: a checkbox per role and permission. The admin column is fixed — the admin role
 * holds every permission — so it is shown ticked and cannot be changed.
 */
export function RolesMatrix() {
  const roles = useAdminRoles();
  const save = useSaveRolePermissions();
  const [edits, setEdits] = useState<RoleEdits>({});
  const adminNoteId = useId();

  const permissions = useMemo(() => {
    const described = new Map((roles.data?.permissions ?? []).map((p) => [p.key, p.description]));
    return PERMISSION_KEYS.map((key) => ({ key, description: described.get(key) ?? key }));
  }, [roles.data]);

  const changes = roles.data ? changesOf(roles.data.roles, edits) : [];

  function toggle(role: AdminRole, key: PermissionKey, on: boolean) {
    setEdits((current) => toggledEdits(current, role, key, on));
  }

  function submit() {
    save.mutate(changes, {
      onSuccess: (saved) => {
        setEdits({});
        toast({
          title: 'Permissions saved',
          description: `${saved.map((role) => role.name).join(', ')} updated. People see the change on their next page load.`,
        });
      },
      // A role someone changed meanwhile shows what is saved now, to decide again from (roles saved before it
      // are saved). A lost connection keeps the ticks, to save again.
      onError: (error) => {
        if (errorCodeOf(error) === 'role_permissions_changed') setEdits({});
      },
    });
  }

  return (
    <SectionCard
      title="Roles and permissions"
      description="What each role may do. Screens and the server both follow this table."
      actions={
        <>
          <Button
            variant="outline"
            disabled={changes.length === 0 || save.isPending}
            onClick={() => setEdits({})}
          >
            Discard
          </Button>
          <Button disabled={changes.length === 0 || save.isPending} onClick={submit}>
            Save permissions
          </Button>
        </>
      }
    >
      <QueryState query={roles} label="roles" />
      {roles.data ? (
        <div className="grid gap-4">
          <div className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
            <table className="w-full border-collapse text-sm" aria-label="Roles and permissions">
              <thead>
                <tr>
                  <th
                    scope="col"
                    className="border-b py-2 pr-3 text-left text-xs font-medium text-muted-foreground"
                  >
                    Permission
                  </th>
                  {roles.data.roles.map((role) => (
                    <th
                      key={role.key}
                      scope="col"
                      className="w-[3.25rem] border-b px-0.5 py-2 text-center align-bottom text-[0.6875rem] font-medium leading-tight sm:w-28 sm:px-1 sm:text-xs"
                    >
                      {role.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {permissions.map((permission) => (
                  <tr key={permission.key} className="border-b last:border-b-0">
                    <th
                      scope="row"
                      className="py-2 pr-2 text-left font-normal max-sm:text-[0.8125rem] max-sm:leading-snug sm:pr-3"
                    >
                      <span className="block text-foreground">{permission.description}</span>
                      <code className="text-xs text-muted-foreground max-sm:hidden">{permission.key}</code>
                    </th>
                    {roles.data.roles.map((role) => {
                      const checked = (edits[role.key]?.permissions ?? role.permissions).includes(
                        permission.key,
                      );
                      return (
                        <td key={role.key} className="px-0.5 py-2 text-center sm:px-1">
                          <Checkbox
                            aria-label={`${role.name}: ${permission.description}`}
                            aria-describedby={role.editable ? undefined : adminNoteId}
                            checked={checked}
                            disabled={!role.editable || save.isPending}
                            onCheckedChange={(value) => toggle(role, permission.key, value === true)}
                          />
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p id={adminNoteId} className="flex items-start gap-2 text-xs text-muted-foreground">
            <Info aria-hidden className="mt-px size-4 shrink-0" />
            The Admin role always has every permission, so it cannot lock anyone out of these settings. Only
            an administrator can change what the other roles may do.
          </p>
          <MutationError error={save.error} />
        </div>
      ) : null}
    </SectionCard>
  );
}
