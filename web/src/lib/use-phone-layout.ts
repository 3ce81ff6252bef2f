import { type RefObject, useEffect, useLayoutEffect, useState } from 'react';

const PHONE_QUERY = '(max-width: 639.98px)';

/**
 * Below Tailwind's `sm`: the operation lists use the page's own scroll instead of a 650 px box, Inventory
 * Management shows cards instead of its table.
 */
export function useIsPhone(): boolean {
  const [phone, setPhone] = useState(() => window.matchMedia(PHONE_QUERY).matches);
  useEffect(() => {
    const list = window.matchMedia(PHONE_QUERY);
    const update = () => setPhone(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  return phone;
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
