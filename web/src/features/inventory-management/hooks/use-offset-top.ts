import { type RefObject, useLayoutEffect, useState } from 'react';

/** Where an element starts on the page, kept current as what is above it changes height (the window virtualizer counts from there). */
export function useOffsetTop(element: RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const top = element.current ? element.current.getBoundingClientRect().top + window.scrollY : 0;
      setOffset((previous) => (Math.abs(previous - top) < 0.5 ? previous : top));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [element]);
  return offset;
}
