import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { startApp } from './app-start.ts';
import { ErrorBoundary } from './components/ui/error-boundary.tsx';
import { createAppRouter } from './router.tsx';

/*
 * Radix's toast brings its own layer, collection and portal code: a chunk of its own, fetched right after the first
 * paint, keeps it out of the first script. `toast()` itself (use-toast.ts) is a tiny store, so a toast raised before
 * the chunk arrives still shows once it has.
 */
const Toaster = lazy(async () => ({ default: (await import('./components/ui/toaster.tsx')).Toaster }));

/**
 * The providers, each mounted once: query cache and toasts (tooltips live only in the signed-in
 * frame, so their provider is mounted there); the error boundary outermost so even a provider failing shows the
 * error screen rather than a blank page. The stored-choice atoms use jotai's default store (one per page, as a
 * root Provider would give) so jotai loads with the first screen that reads them, not with the first script.
 */
export function App() {
  const [queryClient] = useState(startApp);
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <ServiceWorker />
        <RouterProvider router={router} />
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}

/**
 * The offline app's worker (decision 034), registered inside the query provider since its first takeover
 * asks the reads again. Only in the built app: the development server serves sources and no /sw.js.
 */
function ServiceWorker() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
    import('./lib/offline/start-offline-app.tsx')
      .then(({ startOfflineApp }) => startOfflineApp(queryClient))
      .catch((error: unknown) => console.warn('The offline app could not be installed', error));
  }, [queryClient]);
  return null;
}
