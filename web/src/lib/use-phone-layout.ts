import { type RefObject, useEffect, useLayoutEffect, useState } from 'react';

const PHONE_QUERY = '(max-width: 639.98px)';

/** Whether a CSS media query matches, kept current as the window changes. */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

/**
 * Below Tailwind's `sm`: the operation lists use the page's own scroll instead of a 650 px box, Inventory
 * Management and the admin product list show cards instead of their tables.
 */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY);
}

/**
 * Where an element starts on the page, kept current as the things above it (notices, the toolbar) change
 * height: the window virtualizer counts its rows from there.
 */
export function useOffsetTop(element: RefObject<HTMLElement | null>, active: boolean): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    if (!active) return;
    const measure = () => {
      const top = element.current ? element.current.getBoundingClientRect().top + window.scrollY : 0;
      setOffset((previous) => (Math.abs(previous - top) < 0.5 ? previous : top));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [element, active]);
  return offset;
}
