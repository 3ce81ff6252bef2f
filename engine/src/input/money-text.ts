/**
 * A price as people write it in a spreadsheet or a form: `$4.50`, `$ 1,250.00`, `1,250,000`. The dollar sign is
 * the field's own unit and is dropped; commas are dropped only where they can only be thousands separators: groups
 * of three with a decimal point after them (`1,250.00`), or more than one group (`1,250,000`). `1,250` alone stays
 * as typed, for the caller to refuse as ambiguous: a thousand and a quarter, or one and a quarter written with a
 * decimal comma.
 */
export function plainMoneyText(text: string): string {
  const bare = text.trim().replace(/^\$\s*/, '');
  const grouped = /^\d{1,3}(,\d{3})+\.\d+$/.test(bare) || /^\d{1,3}(,\d{3}){2,}$/.test(bare);
  return grouped ? bare.replaceAll(',', '') : bare;
}
