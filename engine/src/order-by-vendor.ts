import { sumMoney } from './cart-totals.ts';

/**
 * An order is placed vendor by vendor: one café's order holds the roaster's coffee, the dairy's milk and the
 * bakery's pastries, and each vendor gets only its own lines. These group an order's lines that way and write the
 * message a buyer sends one vendor.
 */

export interface VendorGroup<L> {
  /** null: the products have no vendor set (Settings → Products). */
  vendor: string | null;
  lines: L[];
  subtotal: number;
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * One vendor however its name was typed on each product: "Valley Fresh Dairy" and "valley  fresh dairy" are the
 * same supplier, and the buyer must not send it two messages.
 */
function vendorKey(vendor: string): string {
  return vendor.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
}

/** The spelling most of the vendor's products use (the first of those seen on a tie), to show and to address. */
function commonSpelling(spellings: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const spelling of spellings) counts.set(spelling, (counts.get(spelling) ?? 0) + 1);
  let best = spellings[0] ?? '';
  for (const [spelling, count] of counts) if (count > (counts.get(best) ?? 0)) best = spelling;
  return best;
}

/**
 * The lines by vendor: vendors by name, lines with no vendor last. Inside a vendor the lines keep the order they
 * came in (the server's: category display order, then name), so each vendor's list reads like the order.
 */
export function groupByVendor<L extends { vendor: string | null; lineTotal: number }>(
  lines: readonly L[],
): VendorGroup<L>[] {
  const groups = new Map<string | null, L[]>();
  for (const line of lines) {
    const key = line.vendor === null ? null : vendorKey(line.vendor);
    const group = groups.get(key);
    if (group) group.push(line);
    else groups.set(key, [line]);
  }
  return [...groups.values()]
    .map((grouped) => {
      const spellings = grouped.flatMap((line) => (line.vendor === null ? [] : [line.vendor]));
      return {
        vendor: spellings.length === 0 ? null : commonSpelling(spellings),
        lines: grouped,
        subtotal: sumMoney(grouped.map((line) => line.lineTotal)),
      };
    })
    .sort((a, b) => (a.vendor === null ? 1 : b.vendor === null ? -1 : byName.compare(a.vendor, b.vendor)));
}

export interface VendorMessageOrder {
  number: string;
  location: { name: string; code: string };
  note: string;
}

export interface VendorMessageLine {
  productName: string;
  unit: string;
  sku: string | null;
  quantity: number;
}

/**
 * The plain text for one vendor, to paste into an email or a text message: who it is for, one line per product
 * with quantity, unit and SKU, and the café's note (delivery instructions live there). No prices: the vendor
 * invoices its own.
 */
export function vendorOrderText(order: VendorMessageOrder, group: VendorGroup<VendorMessageLine>): string {
  const lines = group.lines.map((line) => {
    const sku = line.sku ? ` (SKU ${line.sku})` : '';
    return `${line.quantity} × ${line.productName}, ${line.unit}${sku}`;
  });
  const count = group.lines.length;
  return [
    ...(group.vendor ? [`To: ${group.vendor}`] : []),
    `Order ${order.number} for ${order.location.name} (${order.location.code})`,
    '',
    ...lines,
    '',
    `${count} ${count === 1 ? 'item' : 'items'}`,
    ...(order.note.trim() ? [`Note: ${order.note.trim()}`] : []),
  ].join('\n');
}
