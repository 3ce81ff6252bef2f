import { z } from 'zod';

/** A record id from a path or query string; a bad one is a 400 naming it, never a 500. */
export const recordIdSchema = (name: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/, `${name} must be a whole number`)], {
      error: `${name} is required and must be a number`,
    })
    .transform(Number)
    .pipe(
      z
        .number()
        .int(`${name} must be a whole number`)
        .positive(`${name} must be a positive number`)
        .max(2_147_483_647, `${name} is too large`),
    );
