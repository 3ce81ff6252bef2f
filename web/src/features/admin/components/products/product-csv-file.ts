import { MAX_PRODUCT_CSV_CHARS } from '@engine/admin-product-schemas.ts';
import { csvFileText } from '@engine/csv-text-file.ts';

/**
 * The chosen file's text, or what to tell the person. Read strictly, as `parstock pars import` reads: `file.text()`
 * would turn a Windows-1252 "Gruyère" into "Gruy\uFFFDre" (planned as a new product beside the real one) and a
 * UTF-16 file into NUL characters, where the file should be refused by name with the way to save it.
 */
export async function readProductCsvFile(
  file: File,
): Promise<{ ok: true; csv: string } | { ok: false; problem: string }> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { ok: false, problem: 'The file could not be read. Choose it again.' };
  }
  const read = csvFileText(bytes);
  if (!read.ok) return { ok: false, problem: `Cannot import ${file.name}: ${read.reason}.` };
  if (read.text.length > MAX_PRODUCT_CSV_CHARS) {
    return {
      ok: false,
      problem: `The file is too large: at most ${MAX_PRODUCT_CSV_CHARS.toLocaleString()} characters.`,
    };
  }
  return { ok: true, csv: read.text };
}
