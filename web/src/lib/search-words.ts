/** Lower case without accents, so "cafe" finds "Café" and "ZOE" finds "Zoë". */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase();
}

/** The words typed into a search box, folded; none when it holds only spaces. */
export function searchWords(query: string): string[] {
  return foldForSearch(query).split(/\s+/).filter(Boolean);
}

/** Whether every word typed appears somewhere in `folded` (text already folded), in any order. */
export function hasEveryWord(folded: string, words: readonly string[]): boolean {
  return words.every((word) => folded.includes(word));
}
