/**
 * The form's values that differ from the record as it was (compared with `!==`), for a PATCH that
 * sends only what changed. An empty answer means there is nothing to save.
 */
export function changedFields<Values extends Record<string, unknown>>(
  values: Values,
  before: { readonly [K in keyof Values]?: unknown },
): Partial<Values> {
  return Object.fromEntries(
    Object.entries(values).filter(([key, value]) => before[key as keyof Values] !== value),
  ) as Partial<Values>;
}
