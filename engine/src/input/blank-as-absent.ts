import { z } from 'zod';

/**
 * A query filter that forms may send blank (`?status=`): blank means "not set". Typed as the optional
 * schema, which it behaves as once the blank is dropped.
 */
export function blankAsAbsent<S extends z.ZodType>(schema: S): z.ZodOptional<S> {
  return z.preprocess(
    (value) => (value === '' ? undefined : value),
    schema.optional(),
  ) as unknown as z.ZodOptional<S>;
}
