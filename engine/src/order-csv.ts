/**
 * The Orders CSV export: one row per order line with its order's columns repeated, so a spreadsheet can
 * total by order, product, category or location without a second file. RFC 4180: CRLF line ends, fields
 * quoted when they hold a comma, quote or line break, quotes doubled; the file starts with a UTF-8 byte-order mark.
 */

export type CsvCell = string | number | null;

// Spreadsheets run a cell that starts with one of these as a formula; product names and notes are typed by
// people, so such text is written with a leading apostrophe (OWASP "CSV injection"). Apostrophes already in front
// of one get one more, so `csvCellText` can take exactly one away again and give back any text unchanged.
const FORMULA_START = /^'*[=+\-@\t\r]/;
const DEFUSED_FORMULA = /^'+[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/**
 * Excel opens a double-clicked CSV in the machine's legacy code page unless the file starts with a byte-order mark,
 * so "Café" would show as "CafÃ©". Every CSV file Parstock writes starts with it; JSON and Markdown do not.
 */
export const UTF8_BOM = '\uFEFF';

export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The text an unquoted cell of one of our exports stands for: the apostrophe `csvCell` put in front of a
 * formula-looking value is taken away, so an export imported again names the products it listed.
 */
export function csvCellText(cell: string): string {
  return DEFUSED_FORMULA.test(cell) ? cell.slice(1) : cell;
}

/** One record: cells defused and quoted as needed, separated by commas, ended by CRLF. */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A whole CSV file: the byte-order mark, the header, then the rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return UTF8_BOM + [header, ...rows].map(csvLine).join('');
}

export const ORDER_CSV_HEADER = [
  'Order number',
  'Status',
  'Location code',
  'Location',
  'Submitted at',
  'Submitted by',
  'Note',
  'Product',
  'Category',
  'Unit',
  'Quantity',
  'Unit cost',
  'Line total',
  // Added after the first release, so at the end: a spreadsheet built on the columns above keeps working.
  'SKU',
  'Vendor',
  // When the line's delivery was received and what came (empty until then): an order arrives vendor by vendor.
  'Received at',
  'Received quantity',
] as const;

export interface OrderCsvLine {
  productName: string;
  category: string;
  unit: string;
  quantity: number;
  unitCost: number;
  lineTotal: number;
  sku: string | null;
  vendor: string | null;
  receivedAt: string | null;
  receivedQuantity: number | null;
}

export interface OrderCsvOrder {
  number: string;
  status: string;
  location: { code: string; name: string };
  createdAt: string;
  createdBy: { name: string } | null;
  note: string;
  lines: readonly OrderCsvLine[];
}

export function orderLinesCsv(orders: readonly OrderCsvOrder[]): string {
  const rows = orders.flatMap((order) =>
    order.lines.map((line): CsvCell[] => [
      order.number,
      order.status,
      order.location.code,
      order.location.name,
      order.createdAt,
      order.createdBy?.name ?? null,
      order.note,
      line.productName,
      line.category,
      line.unit,
      line.quantity,
      line.unitCost,
      line.lineTotal,
      line.sku,
      line.vendor,
      line.receivedAt,
      line.receivedQuantity,
    ]),
  );
  return toCsv(ORDER_CSV_HEADER, rows);
}
