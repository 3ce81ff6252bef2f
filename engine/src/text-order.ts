// Names are sorted the way a person reads a list: case and accents do not split "milk" from "Milk", and
// numbers compare by value ("2% Milk" before "10% Milk"). The fixed 'en' locale keeps the browser and the
// server in the same order whatever their own locale is.
const READER_ORDER: Intl.CollatorOptions = { sensitivity: 'base', numeric: true };

// Built on first use, not when the module loads: in a browser tab just opened, building it loads the
// collation data and took 20–26 ms of a throttled start (decision 078). `prepareTextOrder` lets a caller
// build it while nothing else is waiting.
let collator: Intl.Collator | undefined;

function readerCollator(): Intl.Collator {
  collator ??= new Intl.Collator('en', READER_ORDER);
  return collator;
}

/** Builds the collator now, so that the first sort does not (a browser calls it when its thread is idle). */
export function prepareTextOrder(): void {
  readerCollator();
}

/** The order a reader expects; 0 for names that read alike ("Milk", "milk"). */
export function compareAsRead(a: string, b: string): number {
  return readerCollator().compare(a, b);
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
