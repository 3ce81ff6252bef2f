import { z } from 'zod';
import {
  categoryOrderEntrySchema,
  compactInventoryResponseSchema,
  compactProductSchema,
  locationIdSchema,
  locationSchema,
  tabDisplayEntrySchema,
} from '../api-schemas.ts';
import { uiSettingsReadSchema } from '../ui-settings.ts';
import { type AccessRule, defineEndpoint, type EndpointSpec } from './endpoint.ts';

/** Seeing a location's stock and count status: anyone who works with inventory or orders there. */
export const READ_INVENTORY = {
  anyOf: ['set_pars', 'count_inventory', 'nightly_counts', 'submit_orders', 'view_orders'],
  to: 'view inventory',
} as const satisfies AccessRule;

/** `compact`: each record without the fields that hold their defaults (decision 057); the app asks for it. */
const compactShape = z
  .literal('compact', { error: 'shape must be compact, or left out for the full answer' })
  .optional();

/**
 * The web app preloads the inventory before a location is chosen: no locationId, or an empty one, asks for
 * the empty answer rather than being an error.
 */
const inventoryQuerySchema = z.object({
  locationId: z
    .union([z.number(), z.string()])
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(locationIdSchema.optional()),
  shape: compactShape,
});

/** What every signed-in screen reads to draw itself: menus, styles, cafés, the catalogue and stock. */
export const referenceEndpoints = {
  tabDisplayOrder: defineEndpoint({
    method: 'GET',
    path: '/api/admin/tab-display-order',
    summary:
      'The whole menu tree by display order; the header hides what the user may not open. Tabs carry only names.',
    response: z.array(tabDisplayEntrySchema),
    errors: [],
    access: 'signed-in',
    scope: { kind: 'none' },
  }),
  uiSettings: defineEndpoint({
    method: 'GET',
    path: '/api/admin/ui-settings',
    summary: 'The saved UI styles merged over the defaults; they apply to every signed-in screen.',
    response: uiSettingsReadSchema,
    errors: [],
    access: 'signed-in',
    scope: { kind: 'none' },
    openDuringPasswordChange: true,
  }),
  categoryOrder: defineEndpoint({
    method: 'GET',
    path: '/api/admin/category-order',
    summary: 'The display order of the product categories.',
    response: z.array(categoryOrderEntrySchema),
    errors: [],
    access: 'any-permission',
    scope: { kind: 'none' },
  }),
  userLocations: defineEndpoint({
    method: 'GET',
    path: '/api/user/locations',
    summary: "The signed-in user's active locations, by name.",
    response: z.array(locationSchema),
    errors: [],
    access: 'signed-in',
    scope: { kind: 'filtered' },
  }),
  products: defineEndpoint({
    method: 'GET',
    path: '/api/products',
    summary:
      'The products still sold, by name. With shape=compact a product leaves out each field that holds its default (no SKU, subcategory, maximum, vendor or barcode; not a daily count).',
    query: z.object({ shape: compactShape }),
    // A full product is a compact one with nothing left out, so one schema checks both.
    response: z.array(compactProductSchema),
    errors: [],
    access: 'any-permission',
    scope: { kind: 'none' },
  }),
  inventory: defineEndpoint({
    method: 'GET',
    path: '/api/inventory',
    summary:
      "One location's products with PAR, lock, lifecycle, stock status and the open count; without a location the empty answer. With shape=compact each item carries its product, its name and only the fields that differ from a product nobody has set or counted there.",
    query: inventoryQuerySchema,
    // A full answer is a compact one with nothing left out, so one schema checks both.
    response: compactInventoryResponseSchema,
    errors: [],
    access: READ_INVENTORY,
    scope: { kind: 'location', in: 'query', field: 'locationId', optional: true },
  }),
} satisfies Record<string, EndpointSpec>;
