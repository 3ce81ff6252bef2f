import type { CountExportRow } from '@db/repositories/count-export.ts';
import { csvLine, UTF8_BOM } from '@engine/order-csv.ts';

export const COUNT_EXPORT_FORMATS = ['csv', 'json'] as const;
export type CountExportFormat = (typeof COUNT_EXPORT_FORMATS)[number];

/** CSV columns in order, with the row field each one shows. */
const COLUMNS: readonly [string, keyof CountExportRow][] = [
  ['kind', 'kind'],
  ['location_code', 'locationCode'],
  ['location_name', 'locationName'],
  ['business_date', 'businessDate'],
  ['session_id', 'sessionId'],
  ['product', 'product'],
  ['sku', 'sku'],
  ['category', 'category'],
  ['count', 'count'],
  ['confirmed', 'confirmed'],
  ['counted_at', 'countedAt'],
  ['counted_by', 'countedBy'],
  ['square_quantity', 'squareQuantity'],
  ['square_variance', 'squareVariance'],
];

export const COUNT_EXPORT_CSV_HEADER = COLUMNS.map(([name]) => name);

/**
 * Turns pages of rows into the text of one document, piece by piece, so the export streams: the CSV header
 * or the JSON array's opening bracket first, then each page, then the end.
 */
export class CountExportEncoder {
  private rows = 0;

  constructor(readonly format: CountExportFormat) {}

  start(): string {
    return this.format === 'csv' ? UTF8_BOM + csvLine(COUNT_EXPORT_CSV_HEADER) : '[';
  }

  page(rows: readonly CountExportRow[]): string {
    let text = '';
    for (const row of rows) {
      if (this.format === 'csv') {
        text += csvLine(
          COLUMNS.map(([, field]) => {
            const value = row[field];
            return typeof value === 'boolean' ? String(value) : value;
          }),
        );
      } else {
        text += `${this.rows === 0 ? '\n' : ',\n'}  ${JSON.stringify(row)}`;
      }
      this.rows += 1;
    }
    return text;
  }

  end(): string {
    if (this.format === 'csv') return '';
    return this.rows === 0 ? ']\n' : '\n]\n';
  }

  get rowCount(): number {
    return this.rows;
  }
}
