/** Lower case without accents, so "cafe" finds "Café" and "CAFÉ". */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase();
}

/**
 * Whether an option matches what was typed: every word typed appears in its label or its detail, in any order,
 * ignoring case and accents ("dt-2", "market hall", "hall dt"). Nothing typed matches everything.
 */
export function matchesSearch(query: string, label: string, detail = ''): boolean {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = `${folded(label)} ${folded(detail)}`;
  return words.every((word) => text.includes(word));
}
