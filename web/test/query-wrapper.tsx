import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@web/lib/query-client.ts';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';

type JotaiStore = ReturnType<typeof createStore>;

function TestProviders({
  client,
  store,
  children,
}: {
  client: QueryClient;
  store: JotaiStore;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={client}>
      <JotaiProvider store={store}>{children}</JotaiProvider>
    </QueryClientProvider>
  );
}

/** The app's real query client (its defaults are part of what is tested) and a fresh jotai store. */
export function createTestProviders(client: QueryClient = createQueryClient()) {
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders client={client} store={store}>
      {children}
    </TestProviders>
  );
  return { client, store, wrapper };
}
