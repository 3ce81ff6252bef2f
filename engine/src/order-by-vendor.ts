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
 * The lines by vendor: vendors by name, lines with no vendor last. Inside a vendor the lines keep the order they
 * came in (the server's: category display order, then name), so each vendor's list reads like the order.
 */
export function groupByVendor<L extends { vendor: string | null; lineTotal: number }>(
  lines: readonly L[],
): VendorGroup<L>[] {
  const groups = new Map<string | null, L[]>();
  for (const line of lines) {
    const group = groups.get(line.vendor);
    if (group) group.push(line);
    else groups.set(line.vendor, [line]);
  }
  return [...groups]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : byName.compare(a, b)))
    .map(([vendor, grouped]) => ({
      vendor,
      lines: grouped,
      subtotal: sumMoney(grouped.map((line) => line.lineTotal)),
    }));
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
