import { z } from 'zod';
import { strictBody } from './admin-body.ts';
import { recordIdSchema } from './admin-id-schemas.ts';
import { quarterQuantityProblem } from './input/quantity.ts';

/**
 * Square as Parstock shows it (decision 024). `connected`: a real Square account (or a server the operator
 * named); `simulator`: the Square demo simulator of the embedded demo; `not_configured`: no token.
 */
export const squareModeSchema = z.enum(['connected', 'simulator', 'not_configured']);
export type SquareMode = z.infer<typeof squareModeSchema>;

/** Why Square's figures are missing, each said in plain words by the server. */
export const squareFailureKindSchema = z.enum([
  'unauthorized',
  'rate_limited',
  'server_error',
  'timeout',
  'unreachable',
  'refused',
]);
export type SquareFailureKind = z.infer<typeof squareFailureKindSchema>;

export const squareConnectionSchema = z.object({
  mode: squareModeSchema,
  /** "Square (production)", "Square demo simulator", "Square is not connected". */
  label: z.string(),
});

export const squareSyncSchema = z.object({
  finishedAt: z.string(),
  ok: z.boolean(),
  message: z.string().nullable(),
  locations: z.number().int(),
  variations: z.number().int(),
  locationsMapped: z.number().int(),
  productsMapped: z.number().int(),
  syncedBy: z.string().nullable(),
});
export type SquareSync = z.infer<typeof squareSyncSchema>;

const mappedBySchema = z.enum(['auto', 'hand']).nullable();

export const squareLocationMappingSchema = z.object({
  locationId: z.number().int(),
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
  squareLocationId: z.string().nullable(),
  squareLocationName: z.string().nullable(),
  mappedBy: mappedBySchema,
});

export const squareLocationSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string().nullable(),
  locationId: z.number().int().nullable(),
});

export const squareProductMappingSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  sku: z.string().nullable(),
  isDailyCount: z.boolean(),
  squareVariationId: z.string().nullable(),
  /** "Item — Variation" as Square names it; null when unmapped or Square no longer lists it. */
  squareVariationName: z.string().nullable(),
  mappedBy: mappedBySchema,
});

export const squareVariationSchema = z.object({
  id: z.string(),
  itemName: z.string(),
  variationName: z.string(),
  sku: z.string().nullable(),
});

export const squareOverviewSchema = z.object({
  connection: squareConnectionSchema,
  lastSync: squareSyncSchema.nullable(),
  varianceThreshold: z.number(),
  locations: z.array(squareLocationMappingSchema),
  squareLocations: z.array(squareLocationSchema),
  products: z.array(squareProductMappingSchema),
  /** Variations Square listed at the last sync that no product is mapped to. */
  unmatchedVariations: z.array(squareVariationSchema),
});
export type SquareOverview = z.infer<typeof squareOverviewSchema>;

export const squareTestResultSchema = z.object({
  ok: z.boolean(),
  mode: squareModeSchema,
  latencyMs: z.number().nullable(),
  /** What happened, with Square's own message when it refused. */
  message: z.string(),
  locations: z.number().int().nullable(),
});
export type SquareTestResult = z.infer<typeof squareTestResultSchema>;

const squareIdSchema = (name: string) =>
  z
    .string({ error: `${name} must be a Square id or null` })
    .trim()
    .min(1, `${name} must not be empty`)
    .max(64, `${name} is too long`)
    .regex(/^[A-Za-z0-9_-]+$/, `${name} must be a Square id`)
    .nullable();

export const mapSquareLocationBodySchema = strictBody({
  squareLocationId: squareIdSchema('squareLocationId'),
});
export const mapSquareVariationBodySchema = strictBody({
  squareVariationId: squareIdSchema('squareVariationId'),
});
/** Variances are differences of counts, so the threshold is counted the way counts are: in quarters. */
export const squareSettingsBodySchema = strictBody({
  varianceThreshold: z
    .number({
      error: (issue) =>
        issue.input === undefined ? 'varianceThreshold is required' : 'varianceThreshold must be a number',
    })
    .superRefine((value, ctx) => {
      const problem = quarterQuantityProblem(value, 100_000);
      if (problem) ctx.addIssue({ code: 'custom', message: `varianceThreshold ${problem}` });
    }),
});

export const locationIdParamsSchema = z.object({ locationId: recordIdSchema('locationId') });
export const productIdParamsSchema = z.object({ productId: recordIdSchema('productId') });
export const squareOnHandQuerySchema = z.object({ locationId: recordIdSchema('locationId') });

export const squareFigureSchema = z.object({
  productId: z.number().int(),
  /** The product is mapped to a Square variation. */
  mapped: z.boolean(),
  /** Square's on-hand quantity; null when unmapped, unavailable or Square has no count for it. */
  squareQuantity: z.number().nullable(),
});
export type SquareFigure = z.infer<typeof squareFigureSchema>;

/**
 * GET /api/square/on-hand: Square's on-hand figures of a café's daily-count products.
 * `ok`: figures from Square (`fetchedAt`); `unavailable`: Square did not answer (`reason`, `message` in plain
 * words; the client retries with backoff); `not_configured`: Square is not connected; `location_not_mapped`:
 * this café has no Square location yet.
 */
export const squareOnHandResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable', 'not_configured', 'location_not_mapped']),
  connection: squareConnectionSchema,
  reason: squareFailureKindSchema.nullable(),
  message: z.string().nullable(),
  fetchedAt: z.string().nullable(),
  varianceThreshold: z.number(),
  figures: z.array(squareFigureSchema),
});
export type SquareOnHandResponse = z.infer<typeof squareOnHandResponseSchema>;

export const DEFAULT_VARIANCE_THRESHOLD = 2;
