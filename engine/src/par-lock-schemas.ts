import { z } from 'zod';
import { lifecycleSchema } from './api-schemas.ts';
import { personRefSchema } from './cart-schemas.ts';
import { bodyId } from './input/record-id.ts';
import { text } from './input/text.ts';

/**
 * The Par Lock screen (product.md): per location, lock or unlock PARs by product, by category or all at
 * once. A locked PAR can be changed only by par_lock_management.
 */

const id = z.number().int().positive();

export const parLockProductSchema = z.object({
  productId: id,
  productName: z.string(),
  category: z.string(),
  subcategory: z.string().nullable(),
  par: z.number(),
  lifecycle: lifecycleSchema,
  locked: z.boolean(),
  lockedBy: personRefSchema.nullable(),
  lockedAt: z.string().nullable(),
});
export type ParLockProduct = z.infer<typeof parLockProductSchema>;

export const parLocksResponseSchema = z.object({
  locationId: id,
  products: z.array(parLockProductSchema),
  lockedCount: z.number().int(),
});
export type ParLocksResponse = z.infer<typeof parLocksResponseSchema>;

export const PAR_LOCK_SCOPES = ['products', 'category', 'all'] as const;

export const parLockChangeBodySchema = z
  .object({
    scope: z.enum(PAR_LOCK_SCOPES, { error: `scope must be one of: ${PAR_LOCK_SCOPES.join(', ')}` }),
    productIds: z
      .array(bodyId('productId'), { error: 'productIds must be a list of product ids' })
      .max(5000, 'At most 5000 products at once')
      .optional(),
    // The name as the category list gave it, so a category stored before names were normalised is found.
    category: text('category', { required: true, max: 200, verbatim: true }).optional(),
    locked: z.boolean({ error: 'locked must be true or false' }),
  })
  .superRefine((body, ctx) => {
    if (body.scope === 'products' && !body.productIds?.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['productIds'],
        message: "Name the products to change with scope 'products'",
      });
    }
    if (body.scope === 'category' && !body.category) {
      ctx.addIssue({
        code: 'custom',
        path: ['category'],
        message: "Name the category to change with scope 'category'",
      });
    }
    // A field of another scope says the sender meant something narrower than the scope reaches: one product's
    // lock sent with scope 'all' would lock the whole café.
    if (body.scope !== 'products' && body.productIds !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['productIds'],
        message: `productIds can only be sent with scope 'products', not '${body.scope}'`,
      });
    }
    if (body.scope !== 'category' && body.category !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['category'],
        message: `category can only be sent with scope 'category', not '${body.scope}'`,
      });
    }
  });
export type ParLockChangeBody = z.infer<typeof parLockChangeBodySchema>;

export const parLockChangeResponseSchema = parLocksResponseSchema.extend({
  /** How many products changed state; locking a locked PAR keeps who locked it and when. */
  changed: z.number().int(),
});
export type ParLockChangeResponse = z.infer<typeof parLockChangeResponseSchema>;
