import { useMediaQuery } from '@web/lib/use-phone-layout.ts';

/**
 * From Tailwind's `md` up the grid is a table; below, a card per café. Only one is drawn: fifty cafés × six
 * linked cells twice over doubled the work of every refresh.
 */
export function useWideLayout(): boolean {
  return useMediaQuery('(min-width: 768px)');
}
