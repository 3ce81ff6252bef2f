import { z } from 'zod';
import { apiHealthResponseSchema } from '../admin-api-health-schemas.ts';
import { auditLogPageSchema, auditLogRequestQuerySchema } from '../admin-audit-log-schemas.ts';
import { adminCategorySchema, categoriesBodySchema } from '../admin-category-schemas.ts';
import { recordIdSchema } from '../admin-id-schemas.ts';
import {
  adminDistrictSchema,
  adminLocationSchema,
  createLocationBodySchema,
  districtBodySchema,
  renameDistrictBodySchema,
  updateLocationBodySchema,
} from '../admin-location-schemas.ts';
import {
  adminProductSchema,
  createProductBodySchema,
  productImportBodySchema,
  productImportResultSchema,
  updateProductBodySchema,
} from '../admin-product-schemas.ts';
import {
  adminRoleSchema,
  adminRolesResponseSchema,
  rolePermissionsBodySchema,
} from '../admin-role-schemas.ts';
import { tabDisplayOrderBodySchema } from '../admin-tab-schemas.ts';
import { adminTaskSchema, createTaskBodySchema, updateTaskBodySchema } from '../admin-task-schemas.ts';
import { uiSettingsBodySchema } from '../admin-ui-style-schemas.ts';
import { tabDisplayEntrySchema } from '../api-schemas.ts';
import { text } from '../input/text.ts';
import { uiSettingsResponseSchema } from '../ui-settings.ts';
import {
  adminUserSchema,
  inviteUserBodySchema,
  updateUserBodySchema,
  userWithOneTimePasswordSchema,
} from '../user-admin-schemas.ts';
import { IMPORT_BODY_LIMIT, WHOLE_LIST_BODY_LIMIT } from './body-limits.ts';
import { type AccessRule, defineEndpoint, type ScopeRule } from './endpoint.ts';

/** Every admin route: the admin role has it always; another role only when an administrator granted it. */
export const ADMIN_PANEL = { anyOf: ['admin_panel'], to: 'use the admin area' } as const satisfies AccessRule;

// The admin area covers every café: a district or location it edits is a record of the chain, not a café
// the user works at, so no route is narrowed to the user's own locations.
const EVERY_CAFE = { kind: 'none' } as const satisfies ScopeRule;

const ADMIN = { access: ADMIN_PANEL, scope: EVERY_CAFE } as const;

const recordIdParams = z.object({ id: recordIdSchema('id') });

/** Users: invitations, edits, password resets. */
const userEndpoints = {
  listUsers: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users',
    summary: 'Every user with role, places (by id and by name), active and last sign-in.',
    response: z.array(adminUserSchema),
    errors: [],
    ...ADMIN,
  }),
  inviteUser: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users',
    summary: 'Create a user with a one-time password, which this answer carries and no other ever will.',
    body: inviteUserBodySchema,
    response: userWithOneTimePasswordSchema,
    status: 201,
    // conflict: the email is taken; forbidden: only an administrator may create an administrator.
    errors: ['conflict'],
    ...ADMIN,
  }),
  updateUser: defineEndpoint({
    method: 'PATCH',
    path: '/api/admin/users/:id',
    summary:
      'Change names, role, places or active; deactivating ends their sessions. Nobody deactivates or re-roles themselves.',
    params: recordIdParams,
    body: updateUserBodySchema,
    response: adminUserSchema,
    errors: ['not_found', 'conflict'],
    ...ADMIN,
  }),
  resetUserPassword: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/:id/reset-password',
    summary:
      'Give a user a new one-time password (shown once); every session of theirs ends. Nobody resets their own: they change it.',
    params: recordIdParams,
    response: userWithOneTimePasswordSchema,
    errors: ['not_found', 'conflict'],
    ...ADMIN,
  }),
  listRoles: defineEndpoint({
    method: 'GET',
    path: '/api/admin/roles',
    summary: 'Every role with its permissions, and every permission with what it allows.',
    response: adminRolesResponseSchema,
    errors: [],
    ...ADMIN,
  }),
  setRolePermissions: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/roles/:key/permissions',
    summary:
      "Replace a role's permissions (the admin role only; the admin row itself cannot change). Refused with 409 role_permissions_changed when the stored list is no longer `basedOn`.",
    params: z.object({ key: text('role', { max: 64 }) }),
    body: rolePermissionsBodySchema,
    response: adminRoleSchema,
    errors: ['not_found', 'conflict', 'role_permissions_changed'],
    ...ADMIN,
  }),
};

/** Districts and locations. */
const placeEndpoints = {
  listDistricts: defineEndpoint({
    method: 'GET',
    path: '/api/admin/districts',
    summary: 'Every district with how many locations it holds.',
    response: z.array(adminDistrictSchema),
    errors: [],
    ...ADMIN,
  }),
  createDistrict: defineEndpoint({
    method: 'POST',
    path: '/api/admin/districts',
    summary: 'Create a district; names are unique ignoring case.',
    body: districtBodySchema,
    response: adminDistrictSchema,
    status: 201,
    errors: ['conflict'],
    ...ADMIN,
  }),
  updateDistrict: defineEndpoint({
    method: 'PATCH',
    path: '/api/admin/districts/:id',
    summary: 'Rename a district.',
    params: recordIdParams,
    body: renameDistrictBodySchema,
    response: adminDistrictSchema,
    errors: ['not_found', 'conflict'],
    ...ADMIN,
  }),
  listLocations: defineEndpoint({
    method: 'GET',
    path: '/api/admin/locations',
    summary: 'Every location, inactive ones included.',
    response: z.array(adminLocationSchema),
    errors: [],
    ...ADMIN,
  }),
  createLocation: defineEndpoint({
    method: 'POST',
    path: '/api/admin/locations',
    summary: 'Create a location in a district; codes are unique ignoring case.',
    body: createLocationBodySchema,
    response: adminLocationSchema,
    status: 201,
    errors: ['conflict'],
    ...ADMIN,
  }),
  updateLocation: defineEndpoint({
    method: 'PATCH',
    path: '/api/admin/locations/:id',
    summary: 'Change a location; `active: false` closes it (locations are never deleted).',
    params: recordIdParams,
    body: updateLocationBodySchema,
    response: adminLocationSchema,
    errors: ['not_found', 'conflict'],
    ...ADMIN,
  }),
};

/** The product catalogue and its categories. */
const catalogueEndpoints = {
  listProducts: defineEndpoint({
    method: 'GET',
    path: '/api/admin/products',
    summary: 'Every product, retired ones included.',
    response: z.array(adminProductSchema),
    errors: [],
    ...ADMIN,
  }),
  createProduct: defineEndpoint({
    method: 'POST',
    path: '/api/admin/products',
    summary: 'Create a product; names and SKUs are unique ignoring case.',
    body: createProductBodySchema,
    response: adminProductSchema,
    status: 201,
    errors: ['conflict'],
    ...ADMIN,
  }),
  updateProduct: defineEndpoint({
    method: 'PATCH',
    path: '/api/admin/products/:id',
    summary: 'Change a product, or retire (`retired: true`) or bring it back; products are never deleted.',
    params: recordIdParams,
    body: updateProductBodySchema,
    response: adminProductSchema,
    errors: ['not_found', 'conflict'],
    ...ADMIN,
  }),
  importProducts: defineEndpoint({
    method: 'POST',
    path: '/api/admin/products/import',
    summary:
      'Import products from CSV: a dry run answers what would happen; a real run writes every row or none.',
    body: productImportBodySchema,
    bodyLimit: IMPORT_BODY_LIMIT,
    response: productImportResultSchema,
    errors: ['conflict'],
    ...ADMIN,
  }),
  listCategories: defineEndpoint({
    method: 'GET',
    path: '/api/admin/categories',
    summary: 'Every category in display order, with how many products use it.',
    response: z.array(adminCategorySchema),
    errors: [],
    ...ADMIN,
  }),
  reorderCategories: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/categories',
    summary: 'Save the order of every category (and any renames) at once.',
    body: categoriesBodySchema,
    bodyLimit: WHOLE_LIST_BODY_LIMIT,
    response: z.array(adminCategorySchema),
    errors: [],
    ...ADMIN,
  }),
};

/** How the app looks, recurring tasks, and the operator's views. */
const settingsEndpoints = {
  setTabDisplayOrder: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/tab-display-order',
    summary: 'Save order, visibility, parent, name and icon of every tab at once.',
    body: tabDisplayOrderBodySchema,
    bodyLimit: WHOLE_LIST_BODY_LIMIT,
    response: z.array(tabDisplayEntrySchema),
    errors: ['conflict'],
    ...ADMIN,
  }),
  updateUiSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/ui-settings',
    summary: "Save the UI styles; they apply to everyone's app on its next load.",
    body: uiSettingsBodySchema,
    response: uiSettingsResponseSchema,
    errors: ['conflict'],
    ...ADMIN,
  }),
  listTasks: defineEndpoint({
    method: 'GET',
    path: '/api/admin/tasks',
    summary: 'Every recurring task, inactive ones included.',
    response: z.array(adminTaskSchema),
    errors: [],
    ...ADMIN,
  }),
  createTask: defineEndpoint({
    method: 'POST',
    path: '/api/admin/tasks',
    summary: 'Create a recurring task: daily, or weekly on one weekday, due at a local time.',
    body: createTaskBodySchema,
    response: adminTaskSchema,
    status: 201,
    errors: ['conflict'],
    ...ADMIN,
  }),
  updateTask: defineEndpoint({
    method: 'PATCH',
    path: '/api/admin/tasks/:id',
    summary: 'Change a task; `active: false` deactivates it (its history stays).',
    params: recordIdParams,
    body: updateTaskBodySchema,
    response: adminTaskSchema,
    errors: ['not_found', 'conflict'],
    ...ADMIN,
  }),
  apiHealth: defineEndpoint({
    method: 'GET',
    path: '/api/admin/api-health',
    summary: 'Database reachability and latency, uptime, version and the recent error rate.',
    response: apiHealthResponseSchema,
    errors: [],
    ...ADMIN,
  }),
  auditLog: defineEndpoint({
    method: 'GET',
    path: '/api/admin/audit-log',
    summary: 'Every write, newest first, filtered by entity, actor, location and time; paged with a cursor.',
    query: auditLogRequestQuerySchema,
    response: auditLogPageSchema,
    errors: [],
    ...ADMIN,
  }),
  auditLogEntities: defineEndpoint({
    method: 'GET',
    path: '/api/admin/audit-log/entities',
    summary: 'The kinds of record the audit log holds entries for.',
    response: z.array(z.string()),
    errors: [],
    ...ADMIN,
  }),
};

/** The admin area: every route needs admin_panel and covers every café. */
export const adminEndpoints = {
  ...userEndpoints,
  ...placeEndpoints,
  ...catalogueEndpoints,
  ...settingsEndpoints,
};
