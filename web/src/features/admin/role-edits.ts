import type { AdminRole } from '@engine/admin-role-schemas.ts';
import { type PermissionKey, samePermissions } from '@engine/permissions.ts';
import type { RolePermissionsChange } from '@web/features/admin/api/save-role-permissions.ts';

/** A role the admin has ticked boxes of: what they want, and the saved list they started from. */
interface RoleEdit {
  permissions: readonly PermissionKey[];
  basedOn: readonly PermissionKey[];
}

/**
 * Edits of the roles the admin touched; untouched roles follow the saved table. A background reload (another
 * admin's save, the window regaining focus) keeps the edits and their basis, so nothing ticked is lost and a
 * save still names what it was based on: the server refuses one whose basis has gone (409).
 */
export type RoleEdits = Record<string, RoleEdit>;

const sorted = (keys: readonly PermissionKey[]) => [...keys].sort();

/** A box ticked or unticked: the role's edit, started from its saved list the first time. */
export function toggledEdits(edits: RoleEdits, role: AdminRole, key: PermissionKey, on: boolean): RoleEdits {
  const edit = edits[role.key] ?? { permissions: role.permissions, basedOn: sorted(role.permissions) };
  const permissions = on
    ? [...new Set([...edit.permissions, key])]
    : edit.permissions.filter((k) => k !== key);
  return { ...edits, [role.key]: { ...edit, permissions } };
}

/** The edited roles whose ticks differ from what they were based on, as the server takes them. */
export function changesOf(roles: readonly AdminRole[], edits: RoleEdits): RolePermissionsChange[] {
  return roles
    .filter((role) => role.editable)
    .flatMap((role) => {
      const edit = edits[role.key];
      if (!edit || samePermissions(edit.permissions, edit.basedOn)) return [];
      return [{ role: role.key, permissions: sorted(edit.permissions), basedOn: sorted(edit.basedOn) }];
    });
}
