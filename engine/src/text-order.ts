// Names are sorted the way a person reads a list: case and accents do not split "milk" from "Milk", and
// numbers compare by value ("2% Milk" before "10% Milk"). The fixed 'en' locale keeps the browser and the
// server in the same order whatever their own locale is.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The order a reader expects; 0 for names that read alike ("Milk", "milk"). */
export function compareAsRead(a: string, b: string): number {
  return collator.compare(a, b);
}

/**
 * Total order on text: the reader's order first, then code units, so names that read alike still land in
 * the same place on every run and every machine.
 */
export function compareText(a: string, b: string): number {
  const asRead = compareAsRead(a, b);
  if (asRead !== 0) return asRead;
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
