import { AppError } from '@engine/errors/app-error.ts';

/**
 * Lists in a query string as many HTTP clients write them: `?locations[]=3&locations[]=5` (axios, PHP, jQuery) or
 * `?locations[0]=3&locations[1]=5` (qs's default). The endpoints declare `?locations=3&locations=5`; unmerged, a
 * bracketed list was an unknown key and was dropped, so a report named for one café answered for all of them.
 * Only names a declaration could use are merged: nothing can reach an object's prototype through a key.
 */
const BRACKETED = /^([A-Za-z][A-Za-z0-9_]*)\[(\d{0,4})\]$/;

export function mergeBracketedLists(query: Record<string, unknown> | undefined): void {
  if (!query) return;
  const merged = new Map<string, { index: number; value: unknown }[]>();
  for (const key of Object.keys(query)) {
    const match = BRACKETED.exec(key);
    if (!match) continue;
    const [, name = '', index = ''] = match;
    const values = [query[key]].flat();
    const entries = merged.get(name) ?? [];
    for (const value of values)
      entries.push({ index: index === '' ? Number.MAX_SAFE_INTEGER : Number(index), value });
    merged.set(name, entries);
    delete query[key];
  }
  for (const [name, entries] of merged) {
    // Indexed items in their order, the bracketed ones as they came (a stable sort keeps them so).
    entries.sort((a, b) => a.index - b.index);
    const plain = Object.hasOwn(query, name) ? [query[name]].flat() : [];
    const values = [...plain, ...entries.map((entry) => entry.value)];
    query[name] = values.length === 1 ? values[0] : values;
  }
}

/**
 * A key that is a declared name written some other way (`locations[a]`, `locations.0`, `Locations`, `LOCATIONS`):
 * the caller meant that parameter, and ignored, a report asked for one café would answer for all of them. Refused
 * with 400 naming what the route reads. Keys that look like no declared name are still ignored (a cache-buster).
 */
export function refuseLookalikeKeys(
  query: Record<string, unknown> | undefined,
  declared: readonly string[],
): void {
  if (!query) return;
  for (const key of Object.keys(query)) {
    if (declared.includes(key)) continue;
    const written = key.toLowerCase().split(/[[.]/)[0];
    const meant = declared.find((name) => name.toLowerCase() === written);
    if (meant === undefined) continue;
    throw AppError.validation(
      `The query parameter '${key}' is not one this route reads; did you mean '${meant}'? It reads ${declared
        .map((name) => `'${name}'`)
        .join(', ')}, and a list is the name repeated: ${meant}=3&${meant}=5.`,
    );
  }
}
