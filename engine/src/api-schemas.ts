import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from './errors/error-catalogue.ts';
import { textId } from './input/record-id.ts';
import { text } from './input/text.ts';
import { permissionKeySchema, roleKeySchema } from './permissions.ts';

/**
 * Shapes of the read API of the requirements (§3, §7). The BFF validates its input with these and the web reads its
 * responses with the inferred types, so both sides share one definition.
 */

const id = z.number().int().positive();
const isoDateTime = z.string();

/** Every failed call answers with this body; `message` is written for a person. */
export const apiErrorSchema = z.object({
  code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

// `abort` on the emptiness check keeps an empty field to one message instead of also calling it invalid.
export const loginBodySchema = z.object({
  email: z
    .string({ error: 'Enter your email address' })
    .trim()
    .min(1, { error: 'Enter your email address', abort: true })
    .email('Enter a valid email address')
    .max(254, 'Email address is too long'),
  // No password of Parstock holds a NUL, a broken character or a control character (see newPasswordSchema),
  // so one that does is refused here rather than counted as a failed sign-in.
  password: text('Password', {
    keepSpaces: true,
    required: true,
    max: 1024,
    messages: { type: 'Enter your password', empty: 'Enter your password', tooLong: 'Password is too long' },
  }),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const authUserSchema = z.object({
  id,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleKeySchema,
  profileImageUrl: z.string().nullable(),
  /** Signed in with a one-time password (invitation or reset): the app asks for a new one before anything else. */
  mustChangePassword: z.boolean(),
  claims: z.object({
    sub: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    profileImageUrl: z.string().nullable(),
  }),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const userRoleSchema = z.object({ role: roleKeySchema });
export type UserRole = z.infer<typeof userRoleSchema>;

export const tabDisplayEntrySchema = z.object({
  id,
  tabKey: z.string(),
  tabName: z.string(),
  icon: z.string().nullable(),
  parentId: id.nullable(),
  isVisible: z.boolean(),
  permission: permissionKeySchema.nullable(),
  displayOrder: z.number().int(),
});
export type TabDisplayEntry = z.infer<typeof tabDisplayEntrySchema>;

export const locationSchema = z.object({
  id,
  name: z.string(),
  code: z.string(),
  /**
   * The café's IANA zone: its times and its "Today" are the café's, whoever looks (decision 007). Optional only
   * because an answer kept on a device for the offline app by an older version has none.
   */
  timezone: z.string().optional(),
});
export type Location = z.infer<typeof locationSchema>;

export const productSchema = z.object({
  id,
  name: z.string(),
  sku: z.string().nullable(),
  unit: z.string(),
  cafeOrderCategory: z.string(),
  orderSubcategory: z.string().nullable(),
  maximumStockQuantity: z.number().nullable(),
  unitCost: z.number(),
  vendor: z.string().nullable(),
  isDailyCount: z.boolean(),
  /** GTIN/UPC/EAN as entered (check digit valid), or null; scanning and search look products up by it. */
  barcode: z.string().nullable(),
});
export type Product = z.infer<typeof productSchema>;

/**
 * A product in the compact product list (decision 057): the fields every product has, and the others only
 * where they differ from `PRODUCT_DEFAULTS` (engine/src/compact-products.ts).
 */
export const compactProductSchema = productSchema
  .partial()
  .extend(
    productSchema.pick({ id: true, name: true, unit: true, cafeOrderCategory: true, unitCost: true }).shape,
  );
export type CompactProduct = z.infer<typeof compactProductSchema>;

export const LIFECYCLES = ['active', 'new', 'phasing_out', 'discontinued'] as const;
export const lifecycleSchema = z.enum(LIFECYCLES);
export type Lifecycle = z.infer<typeof lifecycleSchema>;

export const STOCK_STATUSES = ['in_stock', 'low', 'out'] as const;
export const stockStatusSchema = z.enum(STOCK_STATUSES);
export type StockStatus = z.infer<typeof stockStatusSchema>;

/** One product at one location: its PAR, lock, lifecycle, stock status and the open count session's entry. */
export const inventoryItemSchema = z.object({
  productId: id,
  productName: z.string(),
  par: z.number(),
  parLocked: z.boolean(),
  /** Who locked the PAR and when, so everyone can see why it is read-only; absent from older servers. */
  parLockedBy: z.string().nullable().optional(),
  parLockedAt: isoDateTime.nullable().optional(),
  lifecycle: lifecycleSchema,
  stockStatus: stockStatusSchema,
  backordered: z.boolean(),
  count: z.number().nullable(),
  confirmed: z.boolean(),
  editedAfterConfirm: z.boolean(),
  countedAt: isoDateTime.nullable(),
  countedBy: z.string().nullable(),
  /** When the stored count was typed (last typed value wins); null when nothing was typed. */
  typedAt: isoDateTime.nullable(),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

export const inventoryResponseSchema = z.object({
  locationId: id.nullable(),
  countSession: z
    .object({
      id,
      startedAt: isoDateTime,
      startedBy: z.string().nullable(),
      /** The last "Clear all counts" of this session, or null. */
      clearedAt: isoDateTime.nullable(),
    })
    .nullable(),
  items: z.array(inventoryItemSchema),
});
export type InventoryResponse = z.infer<typeof inventoryResponseSchema>;

/**
 * The inventory as the app's screens ask for it (decision 057): each item carries its product, its name and
 * only the fields that differ from `INVENTORY_ITEM_DEFAULTS` (engine/src/compact-inventory.ts). In a chain most
 * products have nothing set or counted at a café, so this is a fraction of the full answer to send and parse.
 */
export const compactInventoryItemSchema = inventoryItemSchema
  .partial()
  // Not `.required()`: its wrapper is a schema the fast answer check does not compile (decision 043).
  .extend({ productId: id, productName: z.string() });
export type CompactInventoryItem = z.infer<typeof compactInventoryItemSchema>;

export const compactInventoryResponseSchema = inventoryResponseSchema.extend({
  items: z.array(compactInventoryItemSchema),
});
export type CompactInventoryResponse = z.infer<typeof compactInventoryResponseSchema>;

export const categoryOrderEntrySchema = z.object({ category: z.string(), displayOrder: z.number().int() });
export type CategoryOrderEntry = z.infer<typeof categoryOrderEntrySchema>;

export const countCompletionSchema = z.object({
  id,
  locationId: id,
  completedAt: isoDateTime,
  completedBy: z.object({ id, name: z.string() }).nullable(),
  itemsCounted: z.number().int(),
});
export type CountCompletion = z.infer<typeof countCompletionSchema>;

/** Query and path ids arrive as text; a bad one is a 400 with this message, never a 500. */
export const locationIdSchema = textId('locationId');

export const completeCountBodySchema = z.object({ locationId: locationIdSchema });
export type CompleteCountBody = z.infer<typeof completeCountBodySchema>;
