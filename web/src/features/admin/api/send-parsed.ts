import { apiRequestJson, type HttpMethod } from '@web/lib/api-request.ts';
import type { z } from 'zod';

/**
 * One admin write: JSON in, the answer checked against its engine schema. The request helper does not
 * retry here; the mutation's own retry rule (spec §9: writes twice, never a refused 4xx) does.
 */
export async function sendParsed<T extends z.ZodType>(
  method: HttpMethod,
  url: string,
  body: unknown,
  schema: T,
): Promise<z.infer<T>> {
  return schema.parse(await apiRequestJson(method, url, body, { retries: 0 }));
}
