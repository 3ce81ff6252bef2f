import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Provider as JotaiProvider } from 'jotai';
import { useEffect, useState } from 'react';
import { ErrorBoundary } from './components/ui/error-boundary.tsx';
import { Toaster } from './components/ui/toaster.tsx';
import { TooltipProvider } from './components/ui/tooltip.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { createAppRouter } from './router.tsx';

/**
 * The providers, each mounted once: query cache, stored-choice atoms, tooltips and toasts; the error
 * boundary outermost so even a provider failing shows the error screen rather than a blank page.
 */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <ServiceWorker />
        <JotaiProvider>
          <TooltipProvider>
            <RouterProvider router={router} />
            <Toaster />
          </TooltipProvider>
        </JotaiProvider>
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
