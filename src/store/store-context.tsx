import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { actionsOf, type InspectorActions } from './inspector-actions.ts';
import type { InspectorState, InspectorStore } from './inspector-store.ts';

const StoreContext = createContext<InspectorStore | null>(null);

export function StoreProvider({ store, children }: { store: InspectorStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** The store itself stays here: components and hooks read it through `useInspector` and act through actions. */
function useInspectorStore(): InspectorStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useInspectorStore must be used inside <StoreProvider>');
  return store;
}

/** Read a slice of the store; object results are compared shallowly. */
export function useInspector<T>(selector: (state: InspectorState) => T): T {
  return useStore(useInspectorStore(), useShallow(selector));
}

/** Every store action, as one stable object: components call these instead of reaching into the store. */
export function useInspectorActions(): InspectorActions {
  const store = useInspectorStore();
  return useMemo(() => actionsOf(store), [store]);
}
