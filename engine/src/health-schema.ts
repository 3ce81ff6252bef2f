import { z } from 'zod';

/** GET /api/health: 200 with status 'ok', or 503 with status 'error' when the database does not answer. */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.object({
    ok: z.boolean(),
    latencyMs: z.number().nullable(),
    message: z.string().optional(),
  }),
  uptimeSeconds: z.number().int().nonnegative(),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
