import { z } from 'zod';
import { strictBody } from './admin-body.ts';
import { PERMISSION_KEYS, type PermissionKey, permissionKeySchema, roleKeySchema } from './permissions.ts';

/** The roles → permissions matrix. Admin is shown with every key and cannot be edited. */

export const adminRoleSchema = z.object({
  key: roleKeySchema,
  name: z.string(),
  description: z.string(),
  permissions: z.array(permissionKeySchema),
  /** False for admin: it always holds every permission. */
  editable: z.boolean(),
});
export type AdminRole = z.infer<typeof adminRoleSchema>;

export const adminRolesResponseSchema = z.object({
  roles: z.array(adminRoleSchema),
  /** Every permission key with what it allows, for the matrix's column headings. */
  permissions: z.array(z.object({ key: permissionKeySchema, description: z.string() })),
});
export type AdminRolesResponse = z.infer<typeof adminRolesResponseSchema>;

const permissionKey = z
  .string({ error: 'Each permission must be text' })
  .refine((value): value is PermissionKey => (PERMISSION_KEYS as readonly string[]).includes(value), {
    error: (issue) =>
      `Unknown permission '${String(issue.input)}'. Valid permissions: ${PERMISSION_KEYS.join(', ')}`,
  });

const permissionList = (field: string, required: string) =>
  z
    .array(permissionKey, {
      error: (issue) => (issue.input === undefined ? required : `${field} must be a list of permission keys`),
    })
    .transform((keys) => [...new Set(keys)].sort() as PermissionKey[]);

/**
 * PUT /api/admin/roles/:key/permissions: the role's whole list (repeats are ignored), and the list the editor
 * showed when the change was made. A save replaces the whole list, so without `basedOn` two admins editing one
 * role would each undo the other's change unseen; with it, a save made on an outdated list is refused.
 */
export const rolePermissionsBodySchema = strictBody({
  permissions: permissionList('permissions', 'permissions must be a list of permission keys'),
  basedOn: permissionList(
    'basedOn',
    "basedOn is required: send the role's permissions as you were shown them, before your change",
  ),
});
export type RolePermissionsBody = z.infer<typeof rolePermissionsBodySchema>;
