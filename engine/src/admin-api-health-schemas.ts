import { z } from 'zod';
import { squareModeSchema } from './square-schemas.ts';

/** GET /api/admin/api-health: what an administrator checks when the app feels slow or broken. */
export const apiHealthResponseSchema = z.object({
  database: z.object({
    ok: z.boolean(),
    /** One timed `SELECT 1`, in milliseconds; null when the database did not answer. */
    latencyMs: z.number().nullable(),
    driver: z.enum(['pglite', 'postgres']),
  }),
  uptimeSeconds: z.number().int().nonnegative(),
  startedAt: z.string(),
  version: z.string(),
  requests: z.object({
    windowMinutes: z.number().int(),
    /** Requests answered by every instance in the window, this minute included. */
    total: z.number().int(),
    /** Answers with a 5xx status: failures on our side, not refused input. */
    errors: z.number().int(),
    /** errors ÷ total, from 0 to 1; null when there were no requests. */
    errorRate: z.number().nullable(),
  }),
  square: z.object({
    configured: z.boolean(),
    mode: squareModeSchema,
    label: z.string(),
    /** null when Square is not connected (nothing to reach). */
    reachable: z.boolean().nullable(),
    /** One timed ListLocations call, in milliseconds. */
    latencyMs: z.number().nullable(),
    message: z.string().nullable(),
  }),
});
export type ApiHealthResponse = z.infer<typeof apiHealthResponseSchema>;

/** errors ÷ total, rounded to four places; null when nothing was asked. */
export function errorRate(total: number, errors: number): number | null {
  if (total <= 0) return null;
  return Math.round((errors / total) * 10_000) / 10_000;
}
