/**
 * `table[key]` for a key the table itself holds. A plain object also answers names every object has
 * (`constructor`, `__proto__`, `toString`), which a person may type as a style value, an icon name or a
 * category: looked up directly, such a name finds a function where a value was expected. Every lookup of a
 * typed or stored name in a fixed table goes through here.
 */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
