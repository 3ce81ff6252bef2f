const UNIQUE_VIOLATION = '23505';

/**
 * The name of the unique index a failed write ran into, or null for any other error. Admin writes rely on
 * the indexes (not a look-up first) so two administrators saving the same name at once get the same
 * answer as one saving a taken name. postgres.js and PGlite name the field differently.
 */
export function uniqueViolationOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const fields = error as { code?: unknown; constraint?: unknown; constraint_name?: unknown };
  if (fields.code !== UNIQUE_VIOLATION) return null;
  const name = fields.constraint_name ?? fields.constraint;
  return typeof name === 'string' ? name : '';
}

/**
 * The value a unique violation names ("Key (lower(name))=(σασ tea) already exists." gives "σασ tea"), as
 * the index stores it (folded, for an index on lower()); null when the error does not say.
 */
export function uniqueViolationValue(error: unknown): string | null {
  if (uniqueViolationOf(error) === null) return null;
  const detail = (error as { detail?: unknown }).detail;
  if (typeof detail !== 'string') return null;
  return /^Key \(.*?\)=\((.*)\) already exists\.?$/s.exec(detail)?.[1] ?? null;
}
