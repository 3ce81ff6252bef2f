import type { z } from 'zod';

/**
 * Refuses a batch naming one product twice: which of the two the sender meant cannot be told, and taking the
 * last would drop the other without a word.
 */
export function refuseDuplicateProducts(productIds: readonly number[], ctx: z.RefinementCtx): void {
  const seen = new Set<number>();
  const repeated = new Set<number>();
  for (const productId of productIds) (seen.has(productId) ? repeated : seen).add(productId);
  if (repeated.size > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `Each product may appear once per request; repeated: ${[...repeated].join(', ')}`,
    });
  }
}
