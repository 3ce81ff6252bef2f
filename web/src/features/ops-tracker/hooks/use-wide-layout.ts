import { useEffect, useState } from 'react';

const WIDE_QUERY = '(min-width: 768px)';

/**
 * From Tailwind's `md` up the grid is a table; below, a card per café. Only one is drawn: fifty cafés × six
 * linked cells twice over doubled the work of every refresh.
 */
export function useWideLayout(): boolean {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE_QUERY).matches);
  useEffect(() => {
    const list = window.matchMedia(WIDE_QUERY);
    const update = () => setWide(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  return wide;
}
