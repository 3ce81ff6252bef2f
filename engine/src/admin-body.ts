import { z } from 'zod';

/**
 * A request body that refuses fields it does not know, saying which: a typo like `actve: false` must not
 * be silently ignored on an admin screen where it would look saved.
 */
export function strictBody<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`
        : undefined,
  });
}
