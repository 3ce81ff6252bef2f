import { lazy, Suspense, useEffect } from 'react';
import { useToastRaised } from './use-toast.ts';

/*
 * Radix's toast brings its own layer, collection and portal code: a chunk of its own keeps it out of the first
 * script. `toast()` itself (use-toast.ts) is a tiny store, so a toast raised before the chunk arrives still shows
 * once it has.
 */
const importToaster = () => import('./toaster.tsx');
const Toaster = lazy(async () => ({ default: (await importToaster()).Toaster }));

/**
 * The toaster, drawn from the page's first toast on, its code fetched beforehand when the page is first idle. Drawn
 * at every start, its empty viewport took 15 ms of the count screen's start (CPU 4× slower).
 */
export function ToasterOnDemand() {
  const raised = useToastRaised();
  useEffect(() => {
    const load = () => void importToaster().catch(() => undefined);
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(load, 1_000);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(load, { timeout: 5_000 });
    return () => cancelIdleCallback(idle);
  }, []);
  if (!raised) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
