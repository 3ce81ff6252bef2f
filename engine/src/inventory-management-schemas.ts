import { z } from 'zod';
import { lifecycleSchema, locationIdSchema, stockStatusSchema } from './api-schemas.ts';
import { bodyId } from './input/record-id.ts';

/** Inventory Management (product.md, decision 028): every product of one café with its settings and last count. */

const id = z.number().int().positive();
const isoDateTime = z.string();

/** The latest counted value of a product at the café, and the count it belongs to. */
export const lastCountSchema = z.object({
  value: z.number(),
  /** Ticked as checked by the counter; an unticked value is not used for suggestions (spec §4). */
  confirmed: z.boolean(),
  countedAt: isoDateTime,
  countedBy: z.string().nullable(),
  countSessionId: id,
  countStartedAt: isoDateTime,
  /** When that count was completed; null while it is still open (or was restarted before completion). */
  countCompletedAt: isoDateTime.nullable(),
});
export type LastCount = z.infer<typeof lastCountSchema>;

export const inventoryManagementRowSchema = z.object({
  productId: id,
  productName: z.string(),
  sku: z.string().nullable(),
  category: z.string(),
  subcategory: z.string().nullable(),
  unit: z.string(),
  unitCost: z.number(),
  par: z.number(),
  parLocked: z.boolean(),
  parLockedBy: z.string().nullable(),
  parLockedAt: isoDateTime.nullable(),
  lifecycle: lifecycleSchema,
  backordered: z.boolean(),
  /** A stock status someone set by hand; null when the status comes from the latest count. */
  stockStatusOverride: z
    .object({ value: stockStatusSchema, setBy: z.string().nullable(), setAt: isoDateTime })
    .nullable(),
  lastCount: lastCountSchema.nullable(),
});
export type InventoryManagementRow = z.infer<typeof inventoryManagementRowSchema>;

export const inventoryManagementResponseSchema = z.object({
  locationId: id,
  /** The server's clock, so "not counted for N days" does not depend on the device's. */
  readAt: isoDateTime,
  items: z.array(inventoryManagementRowSchema),
});
export type InventoryManagementResponse = z.infer<typeof inventoryManagementResponseSchema>;

export const inventoryManagementQuerySchema = z.object({ locationId: locationIdSchema });

/** How many products one bulk change may name: a café's whole catalogue. */
export const MAX_BULK_PRODUCTS = 5000;

export const BULK_STOCK_STATUSES = [...stockStatusSchema.options, 'from_count'] as const;

export const bulkInventoryChangeSchema = z
  .strictObject({
    lifecycle: z
      .enum(lifecycleSchema.options, {
        error: `lifecycle must be one of ${lifecycleSchema.options.join(', ')}`,
      })
      .optional(),
    stockStatus: z
      .enum(BULK_STOCK_STATUSES, { error: `stockStatus must be one of ${BULK_STOCK_STATUSES.join(', ')}` })
      .optional(),
    backordered: z.boolean({ error: 'backordered must be true or false' }).optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: 'Say what to change: lifecycle, stockStatus or backordered',
  });

export const bulkInventoryBodySchema = z.object({
  locationId: locationIdSchema,
  productIds: z
    .array(bodyId('productId'), { error: 'productIds must be a list of product ids' })
    .min(1, 'Select at least one product')
    .max(MAX_BULK_PRODUCTS, `Select at most ${MAX_BULK_PRODUCTS} products at once`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each product may be named once'),
  change: bulkInventoryChangeSchema,
});
export type BulkInventoryBody = z.input<typeof bulkInventoryBodySchema>;

export const bulkInventoryResponseSchema = z.object({
  locationId: id,
  /** Products whose settings changed (one audit row each). */
  changed: z.array(id),
  /** Products that already had what was asked. */
  unchanged: z.array(id),
  /** Products left as they were, each with the reason in words for the person. */
  refused: z.array(z.object({ productId: id, productName: z.string().nullable(), reason: z.string() })),
});
export type BulkInventoryResponse = z.infer<typeof bulkInventoryResponseSchema>;
