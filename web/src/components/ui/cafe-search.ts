import { compareText } from '@engine/text-order.ts';

interface Cafe {
  id: number;
  name: string;
  code: string;
}

/** Cafés in the order their names read ("Café 5" before "Café 15"); one name twice keeps the older café first. */
export function cafesAsRead<C extends Cafe>(cafes: readonly C[]): C[] {
  return [...cafes].sort((a, b) => compareText(a.name, b.name) || a.id - b.id);
}

/** What a `SearchSelect` of cafés is given besides its value: each café by name, searched by its code too. */
export function cafeSearch(cafes: readonly Cafe[]) {
  return {
    // Chosen, a café reads with its code: two cafés may share a name.
    options: cafes.map((cafe) => ({
      value: String(cafe.id),
      label: cafe.name,
      detail: cafe.code,
      chosenText: `${cafe.name} · ${cafe.code}`,
    })),
    noun: 'cafés',
    searchLabel: 'Search your cafés',
    placeholder: 'Type a name or code',
  };
}
