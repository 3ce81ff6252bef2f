import { z } from 'zod';

/**
 * `?location=ID` on a screen with a café filter (Approvals): opens it narrowed to that café. A value that is
 * not an id is dropped rather than shown as an error; the server still decides what the user may see.
 */
export const locationSearchSchema = z.object({
  location: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
});
export type LocationSearch = z.infer<typeof locationSearchSchema>;

/** `location` is always answered, `undefined` when not an id: the router lays this over the raw search, which would keep `location=abc`. */
export function parseLocationSearch(search: Record<string, unknown>): LocationSearch {
  const { location } = locationSearchSchema.parse(search);
  return { location };
}
