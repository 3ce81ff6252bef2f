/**
 * Product barcodes: the GS1 trade item numbers printed on what cafés buy — GTIN-8 (EAN-8), GTIN-12 (UPC-A),
 * GTIN-13 (EAN-13) and GTIN-14 (cases, ITF-14). The last digit is a check digit over the others, so a
 * mistyped or misread digit is caught before it is stored or looked up.
 *
 * GS1 defines every GTIN as a 14-digit number with leading zeros: UPC-A 036000291452 and EAN-13
 * 0036000291452 are the same item, and scanners report one or the other. `barcodeKey` is that 14-digit form;
 * uniqueness (migration 0012) and every look-up compare keys, while the code is stored as it was entered.
 */

export const BARCODE_LENGTHS = [8, 12, 13, 14] as const;

/** The check digit of a GTIN's leading digits: weights 3 and 1 alternate from the right. */
export function gtinCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** The code without the spaces and dashes people type between digit groups ("5 012345 678900"). */
export function normaliseBarcode(raw: string): string {
  return raw.trim().replace(/[\s-]+/g, '');
}

/**
 * What is wrong with a barcode, finishing a sentence that starts with its label ("must have …"), or null.
 * `code` is already normalised.
 */
export function barcodeProblem(code: string): string | null {
  if (!/^\d+$/.test(code)) return 'must be digits only (a GTIN, UPC or EAN code)';
  if (!(BARCODE_LENGTHS as readonly number[]).includes(code.length)) {
    return `must have 8, 12, 13 or 14 digits (got ${code.length})`;
  }
  const expected = gtinCheckDigit(code.slice(0, -1));
  if (Number(code.at(-1)) !== expected) {
    return `has a wrong check digit: ${code} ends in ${code.at(-1)}, a valid code would end in ${expected} — check the digits`;
  }
  return null;
}

export function isValidBarcode(code: string): boolean {
  return barcodeProblem(code) === null;
}

/** The 14-digit form two barcodes of the same item share; null when the code is not a valid GTIN. */
export function barcodeKey(raw: string): string | null {
  const code = normaliseBarcode(raw);
  return isValidBarcode(code) ? code.padStart(14, '0') : null;
}

/**
 * A UPC-E code (8 digits, zero-suppressed) as the UPC-A it stands for, so a small can scanned as UPC-E finds
 * the product stored under its UPC-A. Null when the code is not UPC-E shaped.
 */
export function expandUpcE(code: string): string | null {
  if (!/^[01]\d{7}$/.test(code)) return null;
  const system = code[0] as string;
  const d = code.slice(1, 7);
  const check = code[7] as string;
  const last = d[5] as string;
  let body: string;
  if (last === '0' || last === '1' || last === '2') body = `${d.slice(0, 2)}${last}0000${d.slice(2, 5)}`;
  else if (last === '3') body = `${d.slice(0, 3)}00000${d.slice(3, 5)}`;
  else if (last === '4') body = `${d.slice(0, 4)}00000${d[4]}`;
  else body = `${d.slice(0, 5)}0000${last}`;
  const upcA = `${system}${body}${check}`;
  return isValidBarcode(upcA) ? upcA : null;
}

/**
 * The keys a scanned value may stand for: its own, and for an 8-digit code also the UPC-A it expands to
 * (8 digits are either EAN-8 or UPC-E; the scanner's format name is not always reliable, so both are tried).
 */
export function scannedBarcodeKeys(raw: string): string[] {
  const code = normaliseBarcode(raw);
  const keys = new Set<string>();
  const own = barcodeKey(code);
  if (own) keys.add(own);
  const upcA = code.length === 8 ? expandUpcE(code) : null;
  if (upcA) keys.add(upcA.padStart(14, '0'));
  return [...keys];
}

/**
 * The code to put on a product for a scanned or typed value: the value itself when it is a valid GTIN, else the
 * UPC-A a UPC-E stands for (a UPC-E's check digit is the UPC-A's, so most are no valid EAN-8); null otherwise.
 */
export function storableBarcode(raw: string): string | null {
  const code = normaliseBarcode(raw);
  return isValidBarcode(code) ? code : code.length === 8 ? expandUpcE(code) : null;
}
