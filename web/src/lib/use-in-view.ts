import { useEffect, useState } from 'react';

/**
 * Whether any part of the element is on screen; pass it through a callback ref's state, as it may mount after
 * the component. Without an element, or without IntersectionObserver (an old browser, the unit tests' DOM), it is
 * taken as in view, so what hides behind this answer stays hidden rather than doubled.
 */
export function useInView(element: Element | null): boolean {
  const [inView, setInView] = useState(true);
  useEffect(() => {
    setInView(true);
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? true));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return inView;
}
