import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { IoMessage } from '../features/session-io/session-toolbar.tsx';
import type { InspectorStore } from '../store/inspector-store.ts';
import type { Persistence } from '../store/persistence/persistence.ts';
import { DepsProvider, type AppDeps } from '../store/deps-context.tsx';
import { StoreProvider } from '../store/store-context.tsx';
import { Shell } from './shell.tsx';

/** Composition root: query cache, store and injected dependencies. */
export function App({
  store,
  deps,
  queryClient,
  persistence,
  notices,
}: {
  store: InspectorStore;
  deps: AppDeps;
  queryClient?: QueryClient;
  persistence?: Persistence;
  notices?: IoMessage[];
}) {
  const [client] = useState(() => queryClient ?? new QueryClient());
  useEffect(() => {
    document.title = 'MRTR Inspector';
  }, []);
  return (
    <QueryClientProvider client={client}>
      <DepsProvider deps={deps}>
        <StoreProvider store={store}>
          <Shell {...(persistence ? { persistence } : {})} {...(notices ? { notices } : {})} />
        </StoreProvider>
      </DepsProvider>
    </QueryClientProvider>
  );
}
