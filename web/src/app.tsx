import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Provider as JotaiProvider } from 'jotai';
import { useState } from 'react';
import { ErrorBoundary } from './components/ui/error-boundary.tsx';
import { Toaster } from './components/ui/toaster.tsx';
import { TooltipProvider } from './components/ui/tooltip.tsx';
import { useServiceWorker } from './lib/offline/use-service-worker.tsx';
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

/** The offline app's worker, registered inside the query provider: its first takeover asks the reads again. */
function ServiceWorker() {
  useServiceWorker();
  return null;
}
