/**
 * How many bytes a route reads of a request body before refusing it with 413 `payload_too_large`. The
 * server counts bytes while it reads, so a body larger than its route's limit is never held in memory.
 *
 * The default fits every single-record write with room to spare (a sign-in is under 2 KB, the longest
 * note 1,000 characters); batches declare what their largest valid request needs (see body-limits.test.ts,
 * which builds each one at its maximum), and the product import what its CSV limit needs.
 */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Batches of autosaved counts, PAR changes, PAR locks, cart and order lines (the largest is about 93 KB). */
export const BATCH_BODY_LIMIT = 256 * 1024;

/**
 * Whole lists an administrator saves at once: every category with its new name (up to about 620 KB), every
 * tab with an inline SVG icon of up to 10,000 characters.
 */
export const WHOLE_LIST_BODY_LIMIT = 1024 * 1024;

/**
 * The product CSV import: MAX_PRODUCT_CSV_CHARS (2,000,000) characters, each at most 3 bytes of UTF-8,
 * plus the JSON escapes of quotes and line breaks.
 */
export const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

/** "64 KB", "1 MB": how a limit reads in a message and in the API reference. */
export function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

/** The 413 message of a route: names the limit, so the person or script knows what to send instead. */
export function payloadTooLargeMessage(limit: number): string {
  return `The request body is too large: this route reads at most ${describeBytes(limit)}.`;
}
