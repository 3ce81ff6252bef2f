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

/** PUT /api/admin/roles/:key/permissions: the role's whole list (repeats are ignored). */
export const rolePermissionsBodySchema = strictBody({
  permissions: z
    .array(permissionKey, { error: 'permissions must be a list of permission keys' })
    .transform((keys) => [...new Set(keys)].sort() as PermissionKey[]),
});
export type RolePermissionsBody = z.infer<typeof rolePermissionsBodySchema>;
