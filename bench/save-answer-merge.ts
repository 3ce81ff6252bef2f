import { itemLookup, withItemsMerged } from '@web/features/operations/model/item-lookup.ts';

/**
 * What a save's answer costs the count screen's thread at chain scale: merging the answer's items into a café's
 * inventory of BENCH_PRODUCTS (20,000) items and finding items by product id afterwards, the way the screens did it
 * before (a new map of every item per answer) and the way they do it now (positions carried over,
 * `web/src/features/operations/model/item-lookup.ts`). Bun's engine, not the browser's, and no CPU slowdown: the
 * figures compare the two ways, they are not the screen's time.
 */

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 20000);
const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 500);

interface Item {
  productId: number;
  productName: string;
  count: number | null;
  typedAt: string | null;
}

const inventory: Item[] = Array.from({ length: PRODUCTS }, (_, i) => ({
  productId: i + 1,
  productName: `Product ${i + 1}`,
  count: null,
  typedAt: null,
}));
// An autosave batch of ten counts spread over the catalogue.
const answer = Array.from({ length: 10 }, (_, i) => ({
  productId: 1 + i * Math.floor(PRODUCTS / 10),
  count: 5,
  typedAt: '2026-12-04T18:00:00.000000Z',
}));

function mapRebuilt(items: Item[]) {
  const byProduct = new Map(answer.map((saved) => [saved.productId, saved]));
  const next = items.map((item) => {
    const saved = byProduct.get(item.productId);
    return saved ? { ...item, ...saved } : item;
  });
  return { next, lookup: new Map(next.map((item) => [item.productId, item])) };
}

function positionsCarried(items: Item[]) {
  const next = withItemsMerged(items, answer, (item, saved) => ({ ...item, ...saved }));
  return { next, lookup: itemLookup(next) };
}

console.log(
  `A save's answer of ${answer.length} items merged into ${PRODUCTS.toLocaleString('en-US')} items:`,
);
for (const [name, merge] of [
  ['a map of every item rebuilt (before)', mapRebuilt],
  ['positions carried over (now)', positionsCarried],
] as const) {
  let items = inventory;
  for (let i = 0; i < 50; i++) items = merge(items).next;
  Bun.gc(true);
  const started = performance.now();
  for (let i = 0; i < ANSWERS; i++) {
    const merged = merge(items);
    items = merged.next;
    merged.lookup.get(answer[0]?.productId ?? 1);
  }
  console.log(`  ${name.padEnd(38)} ${((performance.now() - started) / ANSWERS).toFixed(3)} ms an answer`);
}
