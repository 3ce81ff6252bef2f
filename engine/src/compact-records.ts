/**
 * The compact shape of a large read (decision 057): a record without the fields that hold their default. The
 * defaults are the reader's and the writer's shared knowledge, so expanding gives the record back exactly.
 */

export function leaveOutDefaults<R extends object, D extends Partial<R>>(record: R, defaults: D): Partial<R> {
  const compact: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(record)) {
    if (value === undefined) continue;
    if (field in defaults && value === defaults[field as keyof D]) continue;
    compact[field] = value;
  }
  return compact as Partial<R>;
}

/** Every record gets every default field, in one order, so expanded records share one object shape. */
export function fillInDefaults<C extends object, D extends object>(record: C, defaults: D): D & C {
  return { ...defaults, ...record };
}
